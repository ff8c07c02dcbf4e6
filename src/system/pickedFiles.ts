/**
 * Files a person picked, kept here under a key while a machine holds only the key and the name
 * (machines never touch browser files): the design brief's files, the studio's proofs.
 */
const picked = new Map<string, File>();
let picks = 0;

export function pickFile(file: File): { key: string; name: string; size: number } {
  picks += 1;
  const key = `picked-file-${picks}`;
  picked.set(key, file);
  return { key, name: file.name, size: file.size };
}

/** The picked file of `key`, handed over once (it is forgotten here). */
export function takePickedFile(ref: { key: string; name: string }): File {
  const file = peekPickedFile(ref);
  forgetPickedFile(ref);
  return file;
}

/** The picked file of `key`, kept here: a request that fails can be tried again with it. */
export function peekPickedFile(ref: { key: string; name: string }): File {
  const file = picked.get(ref.key);
  if (!file) throw new Error(`${ref.name} is no longer available: choose it again.`);
  return file;
}

/** Forgets the picked file of `key` once it has gone up. */
export function forgetPickedFile(ref: { key: string }) {
  picked.delete(ref.key);
}
