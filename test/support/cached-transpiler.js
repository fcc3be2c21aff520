// ts-node's transpiler for this repository (tsconfig.json's "ts-node" section): TypeScript's own
// transpileModule, its output kept on disk by a digest of the source, the compiler options and
// TypeScript's version. Worker threads started under jest or ts-node (src/analysis/workers/
// worker-script.ts) and the bench load the sources through ts-node, which compiled every module
// again in each thread: 4-6 s of CPU per worker started, dozens of them in a test run. Now each
// version of a file is compiled once per machine (test/interop/support/compile-sources.ts, the
// crash specs' plain JavaScript copy of src/, reads the same entries).
// Entries are written under a temporary name and renamed, so a reader never sees half of one.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'skat-ledger-ts');

let ts;
const typescript = () => (ts ??= require('typescript'));

/** The project's compiler options (tsconfig.json) for CommonJS output, as ts-node and jest emit it. */
function projectOptions() {
  const read = typescript().readConfigFile(path.join(ROOT, 'tsconfig.json'), typescript().sys.readFile);
  return typescript().parseJsonConfigFileContent(read.config, typescript().sys, ROOT).options;
}

/** A transpile function over `options` that keeps its outputs on disk. */
function cachedTranspile(options) {
  // The project is CommonJS (package.json has no "type"): the emit ts-node gives it.
  const compilerOptions = { ...options, moduleResolution: undefined, module: typescript().ModuleKind.CommonJS, inlineSourceMap: false, sourceMap: true };
  // This file is part of the key: a change to how outputs are made never serves an old one.
  const salt = createHash('sha256').update(typescript().version).update(JSON.stringify(compilerOptions)).update(fs.readFileSync(__filename)).digest();
  return (input, fileName) => {
    const key = createHash('sha256').update(salt).update(fileName).update('\0').update(input).digest('hex');
    const file = path.join(CACHE, key.slice(0, 2), `${key}.json`);
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      // Not compiled yet (or unreadable): compile it now.
    }
    const { outputText, sourceMapText } = typescript().transpileModule(input, { fileName, compilerOptions });
    // The map names the source by its own path (TypeScript's is relative to an outDir nobody writes to).
    const map = JSON.parse(sourceMapText);
    const output = { outputText, sourceMapText: JSON.stringify({ ...map, sourceRoot: undefined, sources: [fileName] }) };
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      fs.writeFileSync(tmp, JSON.stringify(output));
      fs.renameSync(tmp, file);
    } catch {
      // A cache that cannot be written only costs the next run a compile.
    }
    return output;
  };
}

/** ts-node's transpiler factory (its "transpiler" option): tsconfig.json's options, as compile-sources.ts has them, so both share the entries. */
function create() {
  const transpile = cachedTranspile(projectOptions());
  return { transpile: (input, { fileName }) => transpile(input, fileName) };
}

module.exports = { create, cachedTranspile, projectOptions };
