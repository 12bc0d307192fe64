// The 'de' set's feature loaders (i18n/messages.ts), one chunk per set: the entry names seven sets
// instead of every feature of every set.
export default import.meta.glob<Record<string, string>>(
  '../messages/*/de.json',
  { import: 'default' },
);
