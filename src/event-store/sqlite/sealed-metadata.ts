/**
 * The members of sealed metadata text that a run does not share (eventId, hash, prevHash), cut out
 * of the text without parsing it: a bulk import's rows come sealed (sealNewStreamRows), their
 * metadata canonical JSON, and the rest of the text is then exactly the run's shared metadata
 * in canonical form. In canonical JSON a member starts after `{` or `,` and every quote inside a
 * value is escaped, so `,"hash":"` can only be that member.
 */

export interface SealedMetadataParts {
  readonly eventId: string;
  readonly hash: string;
  readonly prevHash: string;
  /** The canonical JSON of the metadata without those three members. */
  readonly sharedText: string;
}

/** Cuts the member `"key":"<length characters>"`; null when it is not there in that shape. */
function cut(text: string, key: string, length: number): [value: string, rest: string] | null {
  const member = `"${key}":"`;
  let at = text.indexOf(`,${member}`);
  let from: number;
  let to: number;
  if (at >= 0) {
    from = at;
    at += 1;
    to = at + member.length + length + 1;
  } else if (text.startsWith(`{${member}`)) {
    at = 1;
    from = 1;
    to = 1 + member.length + length + 1;
    if (text[to] === ',') to++;
  } else return null;
  const end = at + member.length + length;
  if (text[end] !== '"') return null;
  const value = text.slice(at + member.length, end);
  if (value.includes('\\') || value.includes('"')) return null;
  return [value, text.slice(0, from) + text.slice(to)];
}

/** The parts of a sealed row's metadata text, or null when it is not in the shape sealing writes. */
export function sealedMetadataParts(metadataJson: string): SealedMetadataParts | null {
  const id = cut(metadataJson, 'eventId', 36);
  const hash = id && cut(id[1], 'hash', 64);
  const prev = hash && cut(hash[1], 'prevHash', 64);
  if (!id || !hash || !prev) return null;
  return { eventId: id[0], hash: hash[0], prevHash: prev[0], sharedText: prev[1] };
}
