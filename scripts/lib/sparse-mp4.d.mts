export function makeGpsClip(path: string): void;
export function writeSparseMp4(clip: string, path: string, size: number): void;
