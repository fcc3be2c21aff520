/** The schema version of table, tournament and access events (deal events have their own, DEAL_SCHEMA_VERSION). */
export const STRUCTURE_SCHEMA_VERSION = '1';
