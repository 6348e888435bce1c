/**
 * The demo film as packagers that serve only commercial DRM publish it (issue 26, player-and-client
 * §4 "DRM"): the same ClearKey-encrypted CENC segments, but a manifest that signals only Widevine
 * and PlayReady, and init segments that carry their PSSH boxes instead of the W3C common one. A player told the key system
 * and licence server (ClearKey here) must find the key id on its own, from the manifest's
 * `cenc:default_KID` or from the init segment's `tenc` box, as the ClearKey test vectors of DASH-IF
 * and shaka-player are published.
 *
 *   GET /media/feature/dash-cenc/manifest-widevine-playready.mpd
 *       Widevine and PlayReady `ContentProtection` (with their PSSH) and the common
 *       `mp4protection` element with `cenc:default_KID`; no ClearKey, no W3C common PSSH.
 *   GET /media/feature/dash-cenc/manifest-widevine-playready-no-kid.mpd
 *       The same without any `cenc:default_KID`: the key id is only in the init segments' `tenc`.
 *   GET /media/feature/dash-cenc/{rep}/init-widevine-playready.m4s
 *       The rendition's init segment with the Widevine and PlayReady `pssh` boxes (the manifest's)
 *       in place of its W3C common `pssh` box.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseBoxes, serializeBoxes } from '../tools/cenc/mp4.js';
import { HttpError } from './http.js';

const DIR = 'feature/dash-cenc';
/** W3C common PSSH system id, as in a `pssh` box (hex). */
const COMMON_SYSTEM_ID = '1077efecc0b24d02ace33c1e52e2fb4b';
const CLEARKEY_URNS = ['urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e', 'urn:uuid:1077efec-c0b2-4d02-ace3-3c1e52e2fb4b'];
const REPRESENTATION = /^[a-z0-9-]+$/;

/** The demo manifest with the ClearKey and W3C common `ContentProtection` elements taken out. */
export function widevinePlayReadyManifest(mpd: string, options: { keyIds: boolean }): string {
  let out = mpd;
  for (const urn of CLEARKEY_URNS) {
    // Self-closing elements and elements with content (a <cenc:pssh>), one at a time.
    const escaped = urn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`[ \\t]*<ContentProtection schemeIdUri="${escaped}"[^>]*/>\\r?\\n?`, 'g'), '');
    out = out.replace(new RegExp(`[ \\t]*<ContentProtection schemeIdUri="${escaped}"[^>]*>[\\s\\S]*?</ContentProtection>\\r?\\n?`, 'g'), '');
  }
  if (!options.keyIds) out = out.replace(/ cenc:default_KID="[^"]*"/g, '');
  return out.replace(/initialization="\$RepresentationID\$\/init\.m4s"/g, 'initialization="$RepresentationID$/init-widevine-playready.m4s"');
}

/**
 * An init segment with `psshBoxes` (whole `pssh` boxes) in place of its W3C common `pssh` box
 * (top level or in `moov`).
 */
export function withPsshBoxes(init: Buffer, psshBoxes: readonly Buffer[]): Buffer {
  const common = (box: { type: string; data: Buffer }) => box.type === 'pssh' && box.data.subarray(4, 20).toString('hex') === COMMON_SYSTEM_ID;
  const replacements = psshBoxes.flatMap((box) => parseBoxes(box));
  const boxes = parseBoxes(init).filter((box) => !common(box));
  const moov = boxes.find((box) => box.type === 'moov');
  if (!moov?.children) throw new Error('init segment without moov');
  moov.children = moov.children.filter((box) => !common(box));
  moov.children.splice(1, 0, ...replacements);
  return serializeBoxes(boxes);
}

/** The `cenc:pssh` boxes of the Widevine and PlayReady elements of a manifest. */
function commercialPssh(mpd: string): Buffer[] {
  const boxes = new Map<string, Buffer>();
  for (const match of mpd.matchAll(/<ContentProtection schemeIdUri="urn:uuid:(edef8ba9-79d6-4ace-a3c8-27dcd51d21ed|9a04f079-9840-4286-ab92-e65be0885f95)"[^>]*>\s*<cenc:pssh>([A-Za-z0-9+/=]+)<\/cenc:pssh>/g)) {
    boxes.set(match[1]!, Buffer.from(match[2]!, 'base64'));
  }
  return [...boxes.values()];
}

export function registerDrmSignalling(app: FastifyInstance, mediaRoot: string): void {
  const manifest = (keyIds: boolean) => async (_req: unknown, reply: import('fastify').FastifyReply) => {
    const mpd = readFileSync(join(mediaRoot, DIR, 'manifest.mpd'), 'utf8');
    return reply.type('application/dash+xml').header('cache-control', 'no-cache').send(widevinePlayReadyManifest(mpd, { keyIds }));
  };
  app.get(`/media/${DIR}/manifest-widevine-playready.mpd`, manifest(true));
  app.get(`/media/${DIR}/manifest-widevine-playready-no-kid.mpd`, manifest(false));
  app.get<{ Params: { rep: string } }>(`/media/${DIR}/:rep/init-widevine-playready.m4s`, async (req, reply) => {
    const { rep } = req.params;
    if (!REPRESENTATION.test(rep)) throw new HttpError(404, 'not_found', 'No such rendition');
    let init: Buffer;
    try {
      init = readFileSync(join(mediaRoot, DIR, rep, 'init.m4s'));
    } catch {
      throw new HttpError(404, 'not_found', 'No such rendition');
    }
    const pssh = commercialPssh(readFileSync(join(mediaRoot, DIR, 'manifest.mpd'), 'utf8'));
    return reply.type('video/mp4').header('cache-control', 'no-cache').send(withPsshBoxes(init, pssh));
  });
}
