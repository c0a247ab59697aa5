// The engine's answers are those of `sightline check --json`, for the
// embedded default scenario and every example scenario.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { load } from '../index.mjs';
import { root, check } from './helpers.mjs';

const sl = await load();

// the default scenario (opened from the copy embedded in the wasm), the
// examples, and two test files of the CLI and the runner (cm units, every
// generic kind)
const scenarios = [
  ['scenario/default.json', null],
  ['cmd/sightline/testdata/range-cm.json', 'cmd/sightline/testdata/range-cm.json'],
  ['answer/testdata/generic.json', 'answer/testdata/generic.json'],
];
for (const dir of readdirSync(join(root, 'examples'))) {
  const file = join('examples', dir, 'scenario.json');
  if (existsSync(join(root, file))) scenarios.push([file, file]);
}

test('there are example scenarios to compare', () => {
  const examples = scenarios.filter(([file]) => file.startsWith('examples'));
  assert.ok(examples.length >= 2, `found ${examples.length} example scenarios`);
});

for (const [file, docFile] of scenarios) {
  test(`${file}: answerAll() equals sightline check --json`, () => {
    const cli = check(file);
    assert.equal(cli.status, 0, cli.stderr);
    const t = docFile ? sl.open(readFileSync(join(root, docFile), 'utf8')) : sl.open();
    assert.deepEqual(t.answerAll(), cli.json);
    t.close();
  });

  test(`${file}: answer(query) one at a time equals the same answers`, () => {
    const doc = JSON.parse(readFileSync(join(root, file), 'utf8'));
    const want = check(file).json.results;
    const t = sl.open(doc);
    const got = doc.queries.map((q) => t.answer(q));
    assert.deepEqual(got, want);
    t.close();
  });
}

test('the embedded default scenario is scenario/default.json', () => {
  const file = JSON.parse(readFileSync(join(root, 'scenario/default.json'), 'utf8'));
  assert.deepEqual(sl.defaultScenario(), file);
});
