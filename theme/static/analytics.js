/*
 * Analytics bootstrap (spec section 1): a page counter and a tracker with
 * cross-domain linking between the portal and the API register.
 *
 * Production pages load this file with `async`; development builds and a
 * configuration without `analytics` leave the tag out. Its settings come from
 * data attributes on its own <script> element (theme/shell/PublishingHead.tsx),
 * so no inline script is needed and a strict Content-Security-Policy holds.
 * Both services are loaded asynchronously from their own hosts.
 *
 * Client-side navigations count as page views: the client router dispatches
 * `ontwikkelaarsportaal:navigated` on `document` after it has swapped the page
 * (for links and for back/forward), optionally with `detail: { url, title }`.
 * The same function is available as `window.ontwikkelaarsportaal.pageView()`.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || window.__ontwikkelaarsportaalAnalytics) return;
  window.__ontwikkelaarsportaalAnalytics = true;
  var config = script.dataset;

  /** The address without its fragment: a jump within the page is not a page view. */
  function pageAddress(url) {
    return String(url).split('#')[0];
  }

  function load(src, attributes) {
    var element = document.createElement('script');
    element.async = true;
    element.src = src;
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  }

  var previous = pageAddress(location.href);
  var tracking = Boolean(config.trackerUrl && config.trackerSiteId);

  /** Queue a tracker command. Always through window._paq: matomo.js replaces the array with its own object on load. */
  function paq(command) {
    (window._paq = window._paq || []).push(command);
  }

  // The tracker (Matomo protocol): cross-domain linking over the configured domains.
  if (tracking) {
    var base = config.trackerUrl.replace(/\/?$/, '/');
    var domains = (config.trackerDomains || '').split(',').filter(Boolean);
    var minutes = Number(config.trackerCookieMinutes);
    paq(['setTrackerUrl', base + 'matomo.php']);
    paq(['setSiteId', config.trackerSiteId]);
    if (domains.length) paq(['setDomains', domains]);
    paq(['enableCrossDomainLinking']);
    // All three cookies (_pk_id, _pk_ses, _pk_ref) expire after the same idle time, as the privacy statement says.
    if (minutes > 0) {
      paq(['setVisitorCookieTimeout', minutes * 60]);
      paq(['setSessionCookieTimeout', minutes * 60]);
      paq(['setReferralCookieTimeout', minutes * 60]);
    }
    paq(['trackPageView']);
    paq(['enableLinkTracking']);
    load(base + 'matomo.js', {});
  }

  // The counter (GoatCounter protocol): count.js counts the first view itself.
  var counting = Boolean(config.counterScript && config.counterEndpoint);
  if (counting) load(config.counterScript, { 'data-goatcounter': config.counterEndpoint });

  /** Count one page view for a client-side navigation. Returns whether it counted. */
  function pageView(detail) {
    var url = pageAddress((detail && detail.url) || location.href);
    var absolute = new URL(url, location.href);
    if (absolute.href === new URL(previous, location.href).href) return false;
    var title = (detail && detail.title) || document.title;
    var referrer = previous;
    previous = absolute.href;
    if (tracking) {
      paq(['setReferrerUrl', referrer]);
      paq(['setCustomUrl', absolute.href]);
      paq(['setDocumentTitle', title]);
      paq(['trackPageView']);
      // New links on the swapped page: decorate them for cross-domain linking too.
      paq(['enableLinkTracking']);
    }
    if (counting && window.goatcounter && typeof window.goatcounter.count === 'function') {
      window.goatcounter.count({ path: absolute.pathname + absolute.search, title: title, referrer: referrer });
    }
    return true;
  }

  window.ontwikkelaarsportaal = window.ontwikkelaarsportaal || {};
  window.ontwikkelaarsportaal.pageView = pageView;
  document.addEventListener('ontwikkelaarsportaal:navigated', function (event) {
    pageView(event && event.detail);
  });
})();
