import { fillTracingIds } from '../../event-store/event-metadata';
import { eventIdFor } from '../../event-store/event-ids';
import { ISS_IMPORT_SOURCE, issImportMetadata } from './iss-import-metadata';

describe('the metadata of an imported event (issue #25 item 1)', () => {
  it('names its command as correlation and causation, with the id, actor, source and time of the import', () => {
    const meta = issImportMetadata('import:iss:7', 2, '2010-12-06T18:59:24Z', '1', 'isko-1');
    expect(meta).toEqual({
      eventId: eventIdFor('import:iss:7', 2),
      commandId: 'import:iss:7',
      actorId: ISS_IMPORT_SOURCE,
      source: ISS_IMPORT_SOURCE,
      occurredAt: '2010-12-06T18:59:24Z',
      schemaVersion: '1',
      rulesVersion: 'isko-1',
      $correlationId: 'import:iss:7',
      $causationId: 'import:iss:7',
    });
  });

  it('is what the store would have filled in: an import written before keeps its metadata and hash chain', () => {
    const meta = { ...issImportMetadata('import:iss:table:s1:join:9', 0, '2010-12-06T18:59:24Z', '1') } as Record<string, string>;
    const { $correlationId: _c, $causationId: _k, ...without } = meta;
    const filled: Record<string, string> = { ...without };
    fillTracingIds(filled);
    expect(filled).toEqual(meta);
  });
});
