/**
 * Markdown images: an alt text is asked for, script addresses are refused,
 * and a relative image becomes its hashed asset with its width and height
 * (so nothing shifts while it loads). How it loads is image-loading.ts's job.
 */
import type { Image } from 'mdast';
import type { Assets } from '../assets.ts';
import { error, placeOf, warning, type Place, type Problem } from '../../problem.ts';
import { disguisedMessage, externalUrl, urlKind } from '../../safety/urls.ts';
import { resolveContentPath, splitHash } from './urls.ts';
import type { Handler } from './walk.ts';

/** The image job of one page: `path` is its content path, `file` its path in messages. */
export function imageAssets(path: string, file: string, assets: Assets, record?: (url: string, place: Place) => void): Handler<Image> {
  return (node) => {
    const place = placeOf(node);
    const problems: Problem[] = node.alt?.trim() ? [] : [warning('missing-alt', file, place, 'Deze afbeelding heeft geen alt-tekst. Beschrijf in ![...] wat de afbeelding laat zien, zodat ook wie haar niet ziet de inhoud krijgt.')];
    const kind = urlKind(node.url);
    if (kind.kind === 'script') {
      node.url = '';
      return { problems: [...problems, error('unsafe-html', file, place, `Een afbeelding met een ${kind.scheme}:-adres is niet toegestaan (de Content-Security-Policy blokkeert die ook). Zet het bestand in content/ en verwijs er relatief naar.`)] };
    }
    if (kind.kind === 'disguised') {
      const problem = error('disguised-url', file, place, disguisedMessage(node.url));
      node.url = '';
      return { problems: [...problems, problem] };
    }
    if (externalUrl(node.url)) return { problems };
    // A site path (`/img/logo.png`): a file of a static folder, checked with the links.
    if (node.url.startsWith('/')) {
      record?.(node.url, place);
      return { problems };
    }
    const target = resolveContentPath(path, splitHash(node.url)[0]);
    const asset = target ? assets.get(target) : undefined;
    if (!target) {
      return { problems: [...problems, error('link-outside-content', file, place, `De afbeelding "${node.url}" ligt buiten de contentmap. Zet het bestand in content/ en verwijs er relatief naar.`)] };
    }
    if (!asset) {
      return { problems: [...problems, error('broken-image', file, place, `De afbeelding "${node.url}" bestaat niet (gezocht: content/${target}). Controleer de bestandsnaam en het pad.`)] };
    }
    node.url = asset.url;
    // `loading` and `decoding` follow from the image's place on the page: see image-loading.ts.
    node.data = { ...node.data, hProperties: { width: asset.width ?? undefined, height: asset.height ?? undefined } };
    return { problems };
  };
}
