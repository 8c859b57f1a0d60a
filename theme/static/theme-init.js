// Runs in <head>, before first paint (an external file: the CSP allows no inline script).
// 1. Applies the stored colour mode, when the colour switch is enabled (data-respect-system is set).
// 2. Hides a closeable announcement bar that was dismissed for the configured id (data-announcement),
//    so a dismissed bar never flashes. theme/client/announcement.ts keeps the same rules.
(function () {
  var root = document.documentElement;
  try {
    if (root.hasAttribute('data-respect-system')) {
      var stored = window.localStorage.getItem('theme');
      var system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
      var mode = stored === 'dark' || stored === 'light' ? stored : root.getAttribute('data-respect-system') === 'true' ? system : root.getAttribute('data-theme');
      root.setAttribute('data-theme', mode);
    }
  } catch (e) {
    /* storage unavailable: keep the configured default */
  }
  try {
    var bar = root.getAttribute('data-announcement');
    if (bar !== null) {
      var seen = window.localStorage.getItem('docusaurus.announcement.id');
      if (seen === 'annoucement-bar') seen = 'announcement-bar'; // legacy misspelt id
      if (seen === bar && window.localStorage.getItem('docusaurus.announcement.dismiss') === 'true') root.classList.add('announcement-dismissed');
    }
  } catch (e) {
    /* storage unavailable: show the bar */
  }
})();
