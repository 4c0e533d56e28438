// has-error.js OUTPUT PATH KEYWORD
// Reads the text ajv-cli printed with --errors=json and exits 0 when one of
// the reported errors has exactly this instancePath and keyword.
'use strict';
const fs = require('fs');
const [file, wantPath, wantKeyword] = process.argv.slice(2);
const text = fs.readFileSync(file, 'utf8');
const start = text.indexOf('[');
if (start < 0) {
  console.log('FAIL: no error list in ajv output:\n' + text);
  process.exit(1);
}
let errors;
try {
  errors = JSON.parse(text.slice(start, text.lastIndexOf(']') + 1));
} catch (e) {
  console.log('FAIL: cannot parse ajv output: ' + e.message + '\n' + text);
  process.exit(1);
}
const hit = errors.some(
  (e) => e.instancePath === (wantPath || '') && e.keyword === wantKeyword);
if (!hit) {
  console.log(`FAIL: ajv gave no '${wantKeyword}' error at '${wantPath}':`);
  console.log(JSON.stringify(errors, null, 2));
  process.exit(1);
}
console.log(`ok: ajv rejects with '${wantKeyword}' at '${wantPath}'`);
