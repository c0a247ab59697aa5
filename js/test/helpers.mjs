// Shared by the tests: the repository root, the CLI, and the loaded engine.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (js/..). */
export const root = fileURLToPath(new URL('../..', import.meta.url));

let cli;

/**
 * The path of the sightline CLI: $SIGHTLINE_CLI when set (the CI script
 * builds it once), else built here from ./cmd/sightline, as
 * `go run ./cmd/sightline` would run it.
 */
export function sightlineCLI() {
  if (cli) return cli;
  cli = process.env.SIGHTLINE_CLI;
  if (!cli) {
    cli = join(mkdtempSync(join(tmpdir(), 'sightline-cli-')), 'sightline');
    execFileSync('go', ['build', '-o', cli, './cmd/sightline'], { cwd: root, stdio: 'inherit' });
  }
  return cli;
}

/** Runs `sightline check --json FILE`: {status, json, stderr}. */
export function check(file) {
  const r = spawnSync(sightlineCLI(), ['check', '--json', file], { cwd: root, encoding: 'utf8' });
  return { status: r.status, json: r.stdout ? JSON.parse(r.stdout) : null, stderr: r.stderr };
}
