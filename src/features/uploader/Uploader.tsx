/** Which accepted-type list a tool page uses (spec 5); `all` is the general tool page. */
export type UploaderKind =
  'all' | 'photos' | 'videos' | 'documents' | 'tiktok' | 'instagram' | 'social';

/** Placeholder until the uploader issue lands; renders nothing. */
export function Uploader(_props: { kind: UploaderKind }) {
  return null;
}
