import { reachableModules, staticImports, withModulePreloads } from './module-preloads';

describe('module preloads (the page names every module main.js reaches)', () => {
  it('finds static sibling imports as tsc writes them, not dynamic ones or packages', () => {
    const source = [
      "import { a } from './a.js';",
      "import './side-effect.js';",
      "import * as b from './b-c.js';",
      "import { x } from 'react';",
      "const q = import('/viewer/vendor/qrcode.mjs');",
      "// import { no } from './comment.js' is still read (harmless: it is only preloaded)",
    ].join('\n');
    expect(staticImports(source)).toEqual(['a.js', 'side-effect.js', 'b-c.js']);
  });

  it('walks the graph once per module, through cycles, skipping files that are missing', () => {
    const files: Record<string, string> = {
      'main.js': "import './a.js';\nimport './b.js';",
      'a.js': "import './b.js';\nimport './gone.js';",
      'b.js': "import './a.js';",
    };
    expect(reachableModules('main.js', (f) => files[f] ?? null)).toEqual(['main.js', 'a.js', 'b.js']);
  });

  it('puts one modulepreload link per module before </head>', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    const out = withModulePreloads(html, ['main.js', 'a.js']);
    expect(out).toContain('<link rel="modulepreload" href="/viewer/main.js" />');
    expect(out.indexOf('href="/viewer/a.js"')).toBeLessThan(out.indexOf('</head>'));
    expect(withModulePreloads('<p>no head</p>', ['a.js'])).toBe('<p>no head</p>');
  });
});
