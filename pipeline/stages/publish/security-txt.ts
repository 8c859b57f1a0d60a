/**
 * `/.well-known/security.txt` (RFC 9116): where to report a vulnerability.
 * The file is a pure function of the site configuration; the build has no
 * clock, so the CLI passes "today" in as a value and it is used only for the
 * expiry check, never in the output (the same configuration always gives the
 * same file).
 */
import type { SecurityTxt } from '../../model.ts';
import { error, warning, type Place } from '../../problem.ts';
import { found, ok, type Result } from '../../result.ts';

export const securityTxtPath = '.well-known/security.txt';

/** Days before `Expires` from which the build warns that the file must be renewed. */
export const expiryWarningDays = 30;

export function securityTxt(config: { readonly url: string; readonly siteName: string; readonly securityTxt: SecurityTxt }): string {
  const s = config.securityTxt;
  const lines = [
    `# ${config.siteName}: kwetsbaarheid melden (coordinated vulnerability disclosure).`,
    '# Report a vulnerability: see Contact and Policy below.',
    ...s.contact.map((c) => `Contact: ${c}`),
    `Expires: ${s.expires}`,
    ...(s.encryption ? [`Encryption: ${s.encryption}`] : []),
    ...(s.acknowledgments ? [`Acknowledgments: ${s.acknowledgments}`] : []),
    ...(s.preferredLanguages.length ? [`Preferred-Languages: ${s.preferredLanguages.join(', ')}`] : []),
    `Canonical: ${config.url.replace(/\/$/, '')}/${securityTxtPath}`,
    ...(s.policy ? [`Policy: ${s.policy}`] : []),
    ...(s.hiring ? [`Hiring: ${s.hiring}`] : []),
  ];
  return `${lines.join('\n')}\n`;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The expiry check. `today` is an ISO date (`2026-11-22`) from the CLI edge.
 * A file that expires today or earlier fails the build (readers would get an
 * expired file for the rest of the day); one that expires within
 * `expiryWarningDays` days gives a warning.
 */
export function checkSecurityTxt(s: SecurityTxt, today: string, file: string, place: Place): Result<void> {
  const start = Date.parse(`${today}T00:00:00Z`);
  const expires = Date.parse(s.expires);
  if (Number.isNaN(start) || Number.isNaN(expires)) return ok(undefined);
  if (expires < start + dayMs) {
    return found([error('security-txt-expired', file, place,
      `De vervaldatum van security.txt (${s.expires}) is verstreken of valt vandaag. Zet securityTxt.expires op een datum in de toekomst, binnen een jaar (RFC 9116), en controleer of de contactgegevens nog kloppen.`)]);
  }
  const left = Math.floor((expires - start) / dayMs);
  if (left <= expiryWarningDays) {
    return found([warning('security-txt-expiring', file, place,
      `security.txt vervalt over ${left} ${left === 1 ? 'dag' : 'dagen'} (${s.expires}). Zet securityTxt.expires op een nieuwe datum, binnen een jaar, voordat de build faalt.`)]);
  }
  return ok(undefined);
}
