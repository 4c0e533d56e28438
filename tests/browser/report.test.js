// report.test.js OUTDIR IDS_JSON ARTIFACTS
//
// Drives Debian's headless Chromium (through playwright-core, a fresh
// profile, JavaScript on) over the files run.sh made in OUTDIR: the report
// page and the four SVG plots.  Asserts from the DOM that every passport
// and the expected values are there, that sorting and filtering work, that
// the page reads on a phone-sized viewport, that text has enough contrast,
// and that the console shows no errors.  Saves a screenshot of each into
// ARTIFACTS.  Exits 1 with every failed expectation listed.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

const [outdir, idsFile, artifacts] = process.argv.slice(2);
const ids = JSON.parse(fs.readFileSync(idsFile, 'utf8'));
const failures = [];
function expect(cond, what) {
    if (!cond) failures.push(what);
}

// WCAG relative luminance and contrast ratio of two CSS rgb() colours.
function luminance(rgb) {
    const c = rgb.match(/[\d.]+/g).slice(0, 3).map(Number).map(v => {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}
function contrast(a, b) {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
}

async function open(context, file, errors) {
    const page = await context.newPage();
    page.on('console', m => { if (m.type() === 'error') errors.push(`${file}: console: ${m.text()}`); });
    page.on('pageerror', e => errors.push(`${file}: page error: ${e.message}`));
    page.on('request', r => {
        if (!r.url().startsWith('file://') && !r.url().startsWith('data:'))
            errors.push(`${file}: network request: ${r.url()}`);
    });
    await page.goto('file://' + path.join(outdir, file));
    return page;
}

async function testReport(context) {
    const errors = [];
    const page = await open(context, 'report.html', errors);

    // every passport is a row, and no cell is blank
    const rows = await page.$$eval('#passports tbody tr', trs => trs.map(tr => tr.id));
    expect(JSON.stringify(rows.slice().sort()) === JSON.stringify(ids.map(i => 'p-' + i).sort()),
        `rows ${rows} are not the passports ${ids}`);
    const blank = await page.$$eval('#passports tbody td, #passports tbody th',
        cs => cs.filter(c => c.textContent.trim() === '').map(c => c.getAttribute('data-label')));
    expect(blank.length === 0, `blank cells: ${blank}`);

    // expected values, with their level and a working source link
    const cell = async (id, label) => page.$eval(`#p-${id} [data-label="${label}"]`, td => ({
        text: td.textContent.replace(/\s+/g, ' ').trim(),
        badges: Array.from(td.querySelectorAll('.badge')).map(b => b.textContent),
        links: Array.from(td.querySelectorAll('a.src')).map(a => a.getAttribute('href')),
        v: td.getAttribute('data-v'),
    }));
    const k2 = await cell('kimi-k2', 'Total parameters');
    expect(k2.text.startsWith('1.04T') && k2.badges[0] === 'fact' && k2.links.length === 1,
        `kimi-k2 total: ${JSON.stringify(k2)}`);
    expect(Number(k2.v) === 1.04e12, `kimi-k2 total sort key: ${k2.v}`);
    const k2c = await cell('kimi-k2', 'Training compute (6ND)');
    expect(k2c.text.startsWith('3.03e24 FLOP') && k2c.badges[0] === 'derived',
        `kimi-k2 6ND is derived: ${JSON.stringify(k2c)}`);
    const v3 = await cell('deepseek-v3', 'Active parameters');
    expect(v3.text.startsWith('37B') && v3.badges[0] === 'fact', `deepseek-v3 active: ${JSON.stringify(v3)}`);
    const k3 = await cell('kimi-k3', 'Training tokens');
    expect(k3.text.startsWith('undisclosed') && k3.v === null, `kimi-k3 tokens: ${JSON.stringify(k3)}`);
    const k3c = await cell('kimi-k3', 'Training compute (6ND)');
    expect(k3c.text.startsWith('undisclosed'), `kimi-k3 6ND from undisclosed tokens: ${JSON.stringify(k3c)}`);
    // absent is not undisclosed: Llama 2 70B's passport records no active
    // count (its card does not say "dense"), so no 6ND either
    const dl = await cell('llama-2-70b', 'Active parameters');
    expect(dl.text.startsWith('not recorded') && dl.badges[0] === 'absent' && dl.v === null,
        `llama-2-70b active parameters are absent, not undisclosed: ${JSON.stringify(dl)}`);
    const dlc = await cell('llama-2-70b', 'Training compute (6ND)');
    expect(dlc.text.startsWith('not recorded') && dlc.badges[0] === 'absent',
        `llama-2-70b 6ND from an absent active count: ${JSON.stringify(dlc)}`);
    const ll = await cell('llama-3-8b', 'Tokens per parameter');
    expect(ll.text.startsWith('1.9K') && ll.badges[0] === 'derived', `llama tokens per parameter: ${JSON.stringify(ll)}`);
    const dead = await page.$$eval('a.src', as => as.map(a => a.getAttribute('href'))
        .filter(h => !document.getElementById(h.slice(1))));
    expect(dead.length === 0, `source links without a target: ${dead}`);
    const legend = await page.$$eval('.legend .badge', bs => bs.map(b => b.textContent));
    expect(['fact', 'reported', 'interpretation', 'general', 'derived', 'undisclosed', 'absent']
        .every(l => legend.includes(l)), `legend: ${legend}`);

    // accessible markup
    expect(await page.$eval('#passports caption', c => c.textContent.length > 0), 'table caption');
    expect(await page.$$eval('#passports thead th', ths => ths.every(t => t.getAttribute('scope') === 'col')),
        'column headers have scope=col');
    expect(await page.$$eval('#passports tbody th', ths => ths.every(t => t.getAttribute('scope') === 'row')),
        'row headers have scope=row');
    expect(await page.$eval('label[for=filter]', l => !!l), 'the filter box has a label');
    expect(await page.$eval('html', h => h.lang === 'en'), 'page language');
    const pairs = await page.$$eval('.badge, .v, th button, a.src, p', els => els.map(e => {
        let bg = 'rgba(0, 0, 0, 0)', n = e;
        while (n && /rgba\(0, 0, 0, 0\)|transparent/.test(bg)) {
            bg = getComputedStyle(n).backgroundColor;
            n = n.parentElement;
        }
        return [getComputedStyle(e).color, /rgba\(0, 0, 0, 0\)/.test(bg) ? 'rgb(255, 255, 255)' : bg, e.textContent.slice(0, 20)];
    }));
    const low = pairs.filter(([fg, bg]) => contrast(fg, bg) < 4.5);
    expect(low.length === 0, `text below 4.5:1 contrast: ${JSON.stringify(low.slice(0, 5))}`);

    // sorting: ascending by total parameters, missing values last; then descending
    const order = () => page.$$eval('#passports tbody tr', trs => trs.map(tr =>
        tr.querySelector('[data-label="Total parameters"]').getAttribute('data-v')));
    const header = 'th:has(button:text-is("Total parameters"))';
    await page.click(`${header} button`);
    let vs = await order();
    let known = vs.filter(v => v !== null).map(Number);
    expect(await page.getAttribute(header, 'aria-sort') === 'ascending', 'aria-sort ascending');
    expect(known.every((v, i) => i === 0 || known[i - 1] <= v), `ascending: ${vs}`);
    expect(vs.slice(known.length).every(v => v === null), `missing values last: ${vs}`);
    await page.click(`${header} button`);
    vs = await order();
    known = vs.filter(v => v !== null).map(Number);
    expect(await page.getAttribute(header, 'aria-sort') === 'descending', 'aria-sort descending');
    expect(known.every((v, i) => i === 0 || known[i - 1] >= v), `descending: ${vs}`);
    await page.click('th:has(button:text-is("Passport")) button');
    const names = await page.$$eval('#passports tbody th .v', s => s.map(x => x.textContent));
    expect(names.every((n, i) => i === 0 || names[i - 1].localeCompare(n) <= 0), `by name: ${names}`);

    // filtering
    await page.fill('#filter', 'DeepSeek');
    const visible = await page.$$eval('#passports tbody tr', trs => trs.filter(t => !t.hidden).map(t => t.id));
    const want = ids.filter(i => i.startsWith('deepseek'));
    expect(JSON.stringify(visible.sort()) === JSON.stringify(want.map(i => 'p-' + i).sort()),
        `filter 'DeepSeek' shows ${visible}`);
    expect(await page.textContent('#shown') === `${want.length} of ${ids.length} passports shown`,
        `count: ${await page.textContent('#shown')}`);
    await page.fill('#filter', 'muonclip');
    const muon = await page.$$eval('#passports tbody tr', trs => trs.filter(t => !t.hidden).map(t => t.id));
    expect(muon.length === 1 && muon[0] === 'p-kimi-k2', `filter 'muonclip': ${muon}`);
    await page.fill('#filter', '');
    expect(await page.$$eval('#passports tbody tr', trs => trs.every(t => !t.hidden)), 'cleared filter shows all');
    await page.screenshot({ path: path.join(artifacts, 'report.png'), fullPage: true });

    // a phone: no sideways scrolling of the page, cells stacked with labels
    await page.setViewportSize({ width: 375, height: 800 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width <= 375, `page is ${width}px wide on a 375px viewport`);
    const stacked = await page.$eval('#p-kimi-k2 td', td => getComputedStyle(td).display);
    expect(stacked === 'block', `cells on a phone: display ${stacked}`);
    await page.screenshot({ path: path.join(artifacts, 'report-phone.png'), fullPage: false });

    failures.push(...errors);
    await page.close();
}

const plots = {
    'isoflop.svg': ['parameters N', 'fitted loss L(N, D)', 'N* = 35.7B, D* = 3.38T', 'Llama 3 8B: 8.03B/15T, L = 1.9483',
                    'C = 7.227e23 FLOP', 'D = 20N rule'],
    'breakeven.svg': ['generated (served) tokens T', 'T* = 2.124T tokens', '8.03B/15T, smaller (Llama 3 8B)',
                      '70B/1.09T, larger'],
    'datawall.svg': ['training compute C, FLOP', 'training tokens D', 'D*(C) of the fitted law', 'Kimi K2 (15.5T)'],
    'passports.svg': ['total parameters', 'active parameters per token', 'Kimi K3 (tokens undisclosed)',
                      // absent counts are "not recorded", not "undisclosed"; the note wraps
                      'Not plotted: DeepSeek LLM 67B (active parameters not recorded), ' +
                      'Llama 2 70B (active parameters not recorded),',
                      'Llama 4 Behemoth (total parameters not recorded).'],
};

async function testPlot(context, file, want) {
    const errors = [];
    const page = await open(context, file, errors);
    const texts = await page.$$eval('text', ts => ts.map(t => t.textContent));
    for (const w of want)
        expect(texts.includes(w), `${file}: no text '${w}' (has: ${texts.join(' | ')})`);
    expect(await page.$eval('svg > title', t => t.textContent.length > 0), `${file}: title`);
    expect(await page.$$eval('g.legend text', ts => ts.length) >= 2, `${file}: legend`);
    const ticks = await page.$$eval('text.tick', ts => ts.length);
    expect(ticks >= 6, `${file}: ${ticks} tick labels`);
    // drawn inside its box: nothing rendered past the SVG's own size
    const box = await page.$eval('svg', s => { const b = s.getBBox(); return [b.x, b.y, b.width, b.height,
        s.width.baseVal.value, s.height.baseVal.value]; });
    expect(box[0] >= -1 && box[1] >= -1 && box[0] + box[2] <= box[4] + 1 && box[1] + box[3] <= box[5] + 1,
        `${file}: content ${box.slice(0, 4)} outside ${box.slice(4)}`);
    await page.screenshot({ path: path.join(artifacts, file.replace('.svg', '.png')) });
    failures.push(...errors);
    await page.close();
}

(async () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'passport-chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        headless: true,
        args: ['--headless', '--no-sandbox'],
        javaScriptEnabled: true,
        offline: true,
        viewport: { width: 1400, height: 900 },
    });
    try {
        await testReport(context);
        for (const [file, want] of Object.entries(plots))
            await testPlot(context, file, want);
    } finally {
        await context.close();
        fs.rmSync(profile, { recursive: true, force: true });
    }
    if (failures.length) {
        for (const f of failures)
            console.error('FAIL: ' + f);
        process.exit(1);
    }
    console.log(`ok: report and ${Object.keys(plots).length} plots; screenshots in ${artifacts}`);
})().catch(e => {
    console.error('FAIL: ' + (e && e.stack || e));
    process.exit(1);
});
