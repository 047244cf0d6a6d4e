// Comma-separated values as RFC 4180 writes them: fields in double quotes when they hold a
// comma, a quote or a line break, a quote inside one written twice. Read as leniently as
// spreadsheets save them: CRLF or LF, a byte-order mark, a last line with or without its end.

/** The rows of a CSV text, each a list of its fields as written (quotes removed). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let started = false;
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
      continue;
    }
    if (char === '"' && field === "") {
      quoted = true;
      started = true;
    } else if (char === ",") {
      row.push(field);
      field = "";
      started = true;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[index + 1] === "\n") index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      started = false;
    } else {
      field += char;
      started = true;
    }
  }
  if (started || field !== "") {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * A field as a spreadsheet shows it: the formula ="08031234567" that `keptAsText` writes is
 * its digits, so a file saved from our exports reads back as the numbers it shows.
 */
export function shownValue(field: string): string {
  return /^="\d+"$/.test(field) ? field.slice(2, -1) : field;
}

/** A field that names something (a phone, a meter, a token) rather than counts: see `keptAsText`. */
type NameField = { readonly text: string };

export type CsvField = string | number | NameField;

/**
 * A phone, smart card, meter or token number, which a spreadsheet must show as written: Excel
 * and Google Sheets read "08031234567" as the number 8031234567 and a 13-digit meter as
 * 1.11E+12. A field of digits only is written as the formula ="08031234567", which both show as
 * that text (decision 080); digits alone cannot make it run anything else. Any other text is an
 * ordinary field, with the formula guard below.
 */
export function keptAsText(text: string): CsvField {
  return { text };
}

/** One CSV line (with its CRLF) of these fields, quoted where RFC 4180 says they must be. */
export function csvLine(fields: readonly CsvField[]): string {
  return `${fields.map(writeField).join(",")}\r\n`;
}

function writeField(field: CsvField): string {
  if (typeof field !== "object") return quoteField(String(field));
  return /^\d+$/.test(field.text) ? `"=""${field.text}"""` : quoteField(field.text);
}

// A field a spreadsheet would run as a formula (=, +, -, @ first) is written as text: an
// upstream message is never trusted to be harmless (OWASP, "CSV injection"). A plain negative
// number ("-5.00") is no formula, and stays a number.
function quoteField(text: string): string {
  const field = /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}
