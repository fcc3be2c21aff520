import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importsOf, sourceFiles, type SourceImport } from './import-graph';

/**
 * The directions imports may run in src/ (issue #16 item 1; the house rule "dependencies point one
 * way"): rules ← deciders ← command-handling ← ledger / archive ← the shell (api, http, cli, viewer,
 * app). Each folder lists the folders it may import besides itself; everything else is refused
 * with the file, the import and the rule it breaks.
 */
const PURE = ['kernel', 'rules', 'analysis', 'format'];
const DECIDERS = ['deal', 'table', 'tournament', 'branch', 'access'];
/** Analyses of recorded deals (pure folds) and the solver's worker pool, beneath the ledger. */
const ANALYSIS_SERVICES = ['analysis/deals', 'analysis/workers'];
const BELOW_LEDGER = [...PURE, ...DECIDERS, 'command-handling', 'projections', 'event-store', ...ANALYSIS_SERVICES];
/** What the shell may use: the ledger and what it hands out, never its store (see STORE_WIRING). */
const FOR_THE_SHELL = [...PURE, ...DECIDERS, ...ANALYSIS_SERVICES, 'projections', 'ledger', 'archive', 'auth', 'settings'];

interface Layer {
  readonly mayImport: readonly string[];
  readonly why: string;
}

/** A layer is a folder of src/ or, where a folder holds several (analysis/), one of its sub-folders. */
const LAYERS: Record<string, Layer> = {
  kernel: { mayImport: [], why: 'the kernel holds the shapes every layer shares (Decider, Judgement, domain errors) and imports nothing' },
  rules: { mayImport: ['kernel'], why: 'the Skat rules are the pure core and import nothing of the product' },
  analysis: { mayImport: ['kernel', 'rules'], why: 'the solver is pure and reads the rules only' },
  'analysis/deals': {
    mayImport: [...PURE, ...DECIDERS, 'event-store', 'projections'],
    why: 'analyses of recorded deals are pure folds of their events, beneath the ledger',
  },
  'analysis/workers': {
    mayImport: [...PURE, ...DECIDERS, 'event-store', 'projections', 'analysis/deals'],
    why: "the solver's worker pool runs analyses off the main thread, beneath the ledger",
  },
  format: { mayImport: ['kernel', 'rules'], why: 'format/ holds pure readers and writers; orchestration belongs to archive/' },
  'event-store': { mayImport: [], why: 'the store port and its adapters know no domain' },
  deal: { mayImport: ['kernel', 'rules', 'analysis'], why: 'a decider builds on the rules (and the pure solver for claims)' },
  table: { mayImport: ['kernel', 'rules', 'analysis', 'deal'], why: 'a decider builds on the rules and the deal decider' },
  tournament: { mayImport: ['kernel', 'rules', 'analysis', 'deal'], why: 'a decider builds on the rules and the deal decider' },
  branch: { mayImport: ['kernel', 'rules', 'analysis', 'deal'], why: 'a decider builds on the rules and the deal decider' },
  access: { mayImport: ['kernel', 'rules', 'analysis', 'deal'], why: 'a decider builds on the rules and the deal decider' },
  'command-handling': { mayImport: [...PURE, ...DECIDERS, 'event-store'], why: 'the command handler runs deciders against the store, beneath the ledger' },
  projections: { mayImport: [...PURE, ...DECIDERS, 'event-store'], why: 'projections fold recorded events, beneath the ledger' },
  ledger: { mayImport: BELOW_LEDGER, why: 'the ledger composes what lies beneath it and never its callers' },
  archive: { mayImport: [...BELOW_LEDGER, 'ledger'], why: 'import and export services sit beside the ledger, beneath the shell' },
  auth: { mayImport: [...PURE, ...DECIDERS, 'projections', 'ledger'], why: 'who a caller is, shared by API, HTTP export and CLI; it imports none of them' },
  settings: {
    mayImport: [...PURE, ...DECIDERS, 'projections', 'ledger', 'auth'],
    why: 'settings are shared by API, HTTP export and CLI; they import none of them',
  },
  api: { mayImport: FOR_THE_SHELL, why: 'the API is one face of the shell: it imports neither the CLI nor the HTTP export, and not the store' },
  http: { mayImport: FOR_THE_SHELL, why: 'the HTTP export is one face of the shell: it imports neither the API nor the CLI, and not the store' },
  cli: { mayImport: FOR_THE_SHELL, why: 'the CLI is one face of the shell: it imports neither the API nor the HTTP export, and not the store' },
  viewer: { mayImport: FOR_THE_SHELL, why: 'the viewer is one face of the shell and does not reach the store' },
  app: { mayImport: [...FOR_THE_SHELL, 'api', 'http', 'viewer'], why: 'the Nest application composes the faces, not the store' },
  'main.ts': { mayImport: [...FOR_THE_SHELL, 'app'], why: 'the server start composes the application, not the store' },
};

/** The one shell module that opens the store from its URL (settings and the CLI's verify/export). */
const STORE_WIRING = 'settings/store-connection.ts';

/** The port to the store behind a Ledger (its field is `#store`): for the archive and tests, never the shell. */
const LEDGER_STORE_PORT = 'ledger/store-port.ts';
const SHELL = ['api', 'http', 'cli', 'viewer', 'app', 'main.ts'];

/** The viewer's browser code is bundled on its own: it may import only itself. */
const BROWSER_CODE = 'viewer/web/';

/** Packages the pure layers may use: computations only, no framework and no I/O. */
const PURE_PACKAGES = ['node:crypto', 'node:buffer'];

const ROOT = join(__dirname, '../../src');

/** The layer of a file: its sub-folder where LAYERS names one (analysis/deals), else its top folder. */
function layerOf(file: string): string {
  const parts = file.split('/');
  const sub = parts.slice(0, 2).join('/');
  return parts.length > 2 && LAYERS[sub] !== undefined ? sub : parts[0];
}

/** Why an import breaks the directions, or null when it keeps them. */
export function violation(imp: SourceImport): string | null {
  const from = layerOf(imp.from);
  const layer = LAYERS[from];
  const where = `src/${imp.from} imports '${imp.specifier}'`;
  if (layer === undefined) return `${where}: src/${from} is in no layer of test/architecture/import-directions.spec.ts (add it there)`;
  if (imp.to === undefined) {
    const pure = [...PURE, ...DECIDERS, 'analysis/deals'].includes(from);
    if (pure && !PURE_PACKAGES.includes(imp.specifier))
      return `${where}: ${from}/ is pure and may use only ${PURE_PACKAGES.join(', ')} among packages (no framework, no I/O)`;
    return null;
  }
  if (imp.from.startsWith(BROWSER_CODE) !== imp.to.startsWith(BROWSER_CODE))
    return `${where} (src/${imp.to}): the viewer's browser code (src/${BROWSER_CODE}) and the server import nothing of each other`;
  if (imp.to === LEDGER_STORE_PORT && SHELL.includes(from))
    return `${where}: the shell asks the ledger's methods and never reaches its store (src/${LEDGER_STORE_PORT} is for archive/ and tests)`;
  const to = layerOf(imp.to);
  if (to === from) return null;
  if (imp.from === STORE_WIRING && to === 'event-store') return null;
  if (layer.mayImport.includes(to)) return null;
  return `${where} (src/${imp.to}): ${from}/ may import only ${layer.mayImport.map((l) => `${l}/`).join(', ') || 'itself'} — ${layer.why}`;
}

describe('import directions (issue #16: layers that point one way)', () => {
  it('every import in src/ runs along the layers; a breach names the file, the import and the rule', () => {
    const files = sourceFiles(ROOT);
    expect(files.length).toBeGreaterThan(100);
    const breaches = files
      .flatMap((f) => importsOf(ROOT, f))
      .map(violation)
      .filter((v): v is string => v !== null);
    expect(breaches).toEqual([]);
  });

  it('every folder of src/ has its layer', () => {
    const folders = readdirSync(ROOT, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((f) => LAYERS[f] === undefined)).toEqual([]);
  });

  it('the check refuses what runs against the layers, and says why', () => {
    expect(violation({ from: 'format/iss/iss-reader.ts', specifier: '../../deal/events', to: 'deal/events.ts' })).toBe(
      "src/format/iss/iss-reader.ts imports '../../deal/events' (src/deal/events.ts): format/ may import only kernel/, rules/ — format/ holds pure readers and writers; orchestration belongs to archive/",
    );
    expect(violation({ from: 'command-handling/handle-command.ts', specifier: '../ledger/ledger', to: 'ledger/ledger.ts' })).toMatch(
      /command-handling\/ may import only/,
    );
    expect(violation({ from: 'cli/main.ts', specifier: '../api/api.module', to: 'api/api.module.ts' })).toMatch(/imports neither the API nor the HTTP export/);
    expect(violation({ from: 'api/api.module.ts', specifier: '../event-store/store-url', to: 'event-store/store-url.ts' })).toMatch(/not the store/);
    expect(violation({ from: 'settings/store-connection.ts', specifier: '../event-store/store-url', to: 'event-store/store-url.ts' })).toBeNull();
    expect(violation({ from: 'rules/card.ts', specifier: '@nestjs/common' })).toMatch(/rules\/ is pure/);
    expect(violation({ from: 'viewer/web/main.ts', specifier: '../../rules/card', to: 'rules/card.ts' })).toMatch(/browser code/);
    expect(violation({ from: 'ledger/ledger.ts', specifier: '../projections/runner', to: 'projections/runner.ts' })).toBeNull();
    expect(violation({ from: 'api/resolvers/deal.resolver.ts', specifier: '../../ledger/store-port', to: 'ledger/store-port.ts' })).toMatch(
      /never reaches its store/,
    );
    expect(violation({ from: 'archive/import/bulk-import-target.ts', specifier: '../../ledger/store-port', to: 'ledger/store-port.ts' })).toBeNull();
    expect(violation({ from: 'kernel/decider.ts', specifier: '../rules/card', to: 'rules/card.ts' })).toMatch(/kernel\/ may import only itself/);
    expect(violation({ from: 'analysis/solver.ts', specifier: './deals/deal-analysis', to: 'analysis/deals/deal-analysis.ts' })).toMatch(
      /analysis\/ may import only kernel\/, rules\//,
    );
    expect(violation({ from: 'analysis/deals/analyze-deal.ts', specifier: '../../deal/evolve', to: 'deal/evolve.ts' })).toBeNull();
    expect(violation({ from: 'analysis/deals/analyze-deal.ts', specifier: '../../ledger/ledger', to: 'ledger/ledger.ts' })).toMatch(
      /analysis\/deals\/ may import only/,
    );
  });
});
