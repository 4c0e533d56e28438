#!/usr/bin/env node
// sarif.js FILE... - validate SARIF logs against the published SARIF 2.1.0
// JSON Schema (the schemastore copy, sarif-2.1.0-rtm.5.json, as shipped in
// the @microsoft/jest-sarif package; draft-04, hence ajv-draft-04).
// Prints every violation and exits 1 when any file is invalid, 2 on a
// usage or read error.
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv-draft-04');
const addFormats = require('ajv-formats');

const schemaFile = path.join(__dirname, 'node_modules', '@microsoft',
    'jest-sarif', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');
const files = process.argv.slice(2);
if (files.length === 0) {
    console.error('usage: sarif.js FILE...');
    process.exit(2);
}
let schema;
try {
    schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
} catch (e) {
    console.error(`sarif.js: cannot read the SARIF schema (${e.message}); ` +
                  'run: (cd tests/ajv && npm ci)');
    process.exit(2);
}
// The schema's language-tag pattern has a stray ']' that is an error in a
// Unicode-mode JavaScript regex, so patterns compile without the u flag.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);
let bad = 0;
for (const f of files) {
    let log;
    try {
        log = JSON.parse(fs.readFileSync(f, 'utf8'));
    } catch (e) {
        console.error(`${f}: not JSON: ${e.message}`);
        process.exit(2);
    }
    if (validate(log)) {
        console.log(`${f}: valid SARIF 2.1.0 (${schema.title})`);
    } else {
        bad = 1;
        for (const e of validate.errors)
            console.error(`${f}: ${e.instancePath || '/'} ${e.message}`);
    }
}
process.exit(bad);
