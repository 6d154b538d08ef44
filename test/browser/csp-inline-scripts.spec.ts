/**
 * The build refuses a page whose inline script the CSP would block (scripts/csp-script-hashes.ts):
 * the check must see every script the browser runs from its text, whatever its attributes, and
 * leave alone what it never runs inline (a script with a src, a data block).
 */
import { expect, test } from '@playwright/test';
import { missingScriptHashes } from '../../scripts/csp-script-hashes.ts';

const NO_HASHES = "Content-Security-Policy: script-src 'self'";

test('the CSP check holds every inline script to script-src, with attributes or without', () => {
  const plain = missingScriptHashes('<script>start()</script>', NO_HASHES);
  expect(plain).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
  for (const page of [
    '<script type="module">start()</script>',
    "<script type='text/javascript' nonce=x>start()</script>",
    '<SCRIPT defer>start()</SCRIPT >',
    '<script type="importmap">{"imports":{}}</script>',
  ]) {
    expect(missingScriptHashes(page, NO_HASHES), page).toHaveLength(1);
  }
  // The same text has the same hash whatever its tag says, and a listed hash is allowed.
  expect(missingScriptHashes('<script type="module">start()</script>', NO_HASHES)).toEqual(plain);
  expect(missingScriptHashes('<script type="module">start()</script>', plain[0]!)).toEqual([]);
});

test('the CSP check leaves external scripts and data blocks alone', () => {
  for (const page of [
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '<script type="application/ld+json">{"@type":"WebSite"}</script>',
    '<script type="application/json" id="data">{"a":1}</script>',
  ]) {
    expect(missingScriptHashes(page, NO_HASHES), page).toEqual([]);
  }
});
