/** Every command an import runs has an id starting `import:` (ledger/reserved-ids.ts refuses it to live callers). */
export const IMPORT_COMMAND_PREFIX = 'import:';
