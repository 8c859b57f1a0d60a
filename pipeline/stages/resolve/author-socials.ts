/**
 * An author's social profiles as Docusaurus expands them: a user name on a
 * network it knows becomes the address of the profile, an address stays as
 * written, and an e-mail address becomes a `mailto:` link (never
 * `https://name@host`, which a browser reads as a login on that host).
 */

/** The profile address of a user name, per network Docusaurus knows (and GitLab, which the portal's authors use). */
const profiles: Readonly<Record<string, (handle: string) => string>> = {
  x: (h) => `https://x.com/${h}`,
  twitter: (h) => `https://twitter.com/${h}`,
  github: (h) => `https://github.com/${h}`,
  gitlab: (h) => `https://gitlab.com/${h}`,
  linkedin: (h) => `https://www.linkedin.com/in/${h}/`,
  stackoverflow: (h) => `https://stackoverflow.com/users/${h}`,
  bluesky: (h) => `https://bsky.app/profile/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}`,
  threads: (h) => `https://www.threads.net/@${h}`,
  // A handle may name its own server (`jan@social.example`); mastodon.social sends the visitor on.
  mastodon: (h) => `https://mastodon.social/@${h}`,
  twitch: (h) => `https://twitch.tv/${h}`,
  youtube: (h) => `https://youtube.com/@${h}`,
  email: (h) => `mailto:${h}`,
};

const isAddress = (value: string): boolean => /^(https?|mailto):/i.test(value);
const isEmailAddress = (value: string): boolean => /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(value);

/**
 * The address a social entry links to. A name on a network Docusaurus does
 * not know becomes `https://` + the name (a web address written without its
 * scheme), unless it is an e-mail address.
 */
export function socialUrl(network: string, value: string): string {
  if (isAddress(value)) return value;
  const profile = profiles[network.toLowerCase()];
  if (profile) return profile(value);
  return isEmailAddress(value) ? `mailto:${value}` : `https://${value}`;
}
