const [file, db] = process.argv.slice(2);
const root = '/work/wt-iss-bulk';
const { Ledger } = require(root + '/dist/ledger/ledger');
const { importIssFiles } = require(root + '/dist/archive/importIss');
const { bulkImportTarget } = require(root + '/dist/archive/bulkImportTarget');
(async () => {
  const m = () => { const u = process.memoryUsage(); return `rss ${(u.rss/1048576).toFixed(0)} heap ${(u.heapUsed/1048576).toFixed(0)} ext ${(u.external/1048576).toFixed(0)} ab ${(u.arrayBuffers/1048576).toFixed(0)}`; };
  console.log('start', m());
  const ledger = await Ledger.open({ storeUrl: 'sqlite:' + db });
  const t = bulkImportTarget(ledger);
  const cu = t.catchUp; t.catchUp = async () => { console.log('before catchUp', m(), 'maxRSS', process.resourceUsage().maxRSS/1024|0); await cu(); console.log('after catchUp', m(), 'maxRSS', process.resourceUsage().maxRSS/1024|0); };
  let n = 0;
  await importIssFiles(t, [file], { batchEvents: Number(process.env.B || 20000) }, (p) => { if (++n % 20 === 0) console.log(p.summary.records, m()); });
  await ledger.close();
  console.log('end', m(), 'maxRSS', process.resourceUsage().maxRSS / 1024 | 0);
})();
