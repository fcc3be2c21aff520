// Lists leave the page as files: CSV (one row a line, quoted as RFC 4180 wants) and a self-contained
// HTML page made for printing to PDF (A4, one page per series), both built here from what is shown.

/** A CSV of these rows; every field quoted, quotes doubled, a leading =+-@ defused so no spreadsheet runs it. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const cell = (v: string | number) => {
    const s = String(v);
    const safe = /^[=+\-@]/.test(s) && !/^-?\d+$/.test(s) ? `'${s}` : s;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadCsv(name: string, rows: ReadonlyArray<ReadonlyArray<string | number>>): void {
  download(name, 'text/csv;charset=utf-8', '\ufeff' + toCsv(rows));
}

const PRINT_CSS = `@page{size:A4;margin:12mm}body{font:10pt/1.3 sans-serif;color:#000}table{border-collapse:collapse;width:100%}
th,td{border:1px solid #444;padding:1px 4px;text-align:left}td.num,th.num{text-align:right}.print-page+.print-page{break-before:page}
tr{break-inside:avoid}button,.no-print{display:none}a{color:inherit;text-decoration:none}`;

/** The sections as one HTML file for a PDF printer: the text as shown, the DSkV-style print layout inline. */
export function downloadPrintHtml(name: string, title: string, sections: readonly Element[]): void {
  const doc = document.implementation.createHTMLDocument(title);
  doc.documentElement.lang = document.documentElement.lang;
  const style = doc.createElement('style');
  style.textContent = PRINT_CSS;
  doc.head.append(style);
  for (const s of sections) {
    const copy = s.cloneNode(true) as Element;
    copy.classList.add('print-page');
    doc.body.append(copy);
  }
  download(name, 'text/html;charset=utf-8', '<!doctype html>\n' + doc.documentElement.outerHTML);
}
