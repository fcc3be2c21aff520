// jest's transform for the TypeScript sources: TypeScript's transpileModule (no type checking:
// `npm run typecheck` does that once), through the compile cache that ts-node's worker threads
// share (cached-transpiler.js). Jest keeps a transform cache per project, and the five test kinds
// are five projects, so on a fresh clone ts-jest (used before) compiled each file up to five times (six with
// the runtime specs); now once. The specs use no jest.mock, so nothing needs hoisting.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { cachedTranspile, projectOptions } = require('./cached-transpiler.js');

let transpile;
const transpiler = () => (transpile ??= cachedTranspile(projectOptions()));
/** What makes an output: TypeScript's version and these two files. */
const MAKER = createHash('sha256')
  .update(require('typescript/package.json').version)
  .update(readFileSync(__filename))
  .update(readFileSync(require.resolve('./cached-transpiler.js')))
  .digest('hex');

module.exports = {
  getCacheKey(source, fileName, { configString }) {
    return createHash('sha256').update(MAKER).update(configString).update(fileName).update('\0').update(source).digest('hex');
  },
  process(source, fileName) {
    const { outputText, sourceMapText } = transpiler()(source, fileName);
    // The map goes to jest beside the code; the comment would name a .js.map file that is not there.
    return { code: outputText.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), map: sourceMapText };
  },
};
