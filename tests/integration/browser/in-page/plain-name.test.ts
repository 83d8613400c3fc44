import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accnameLibrarySource } from '../../../../src/main/browser/in-page/accname-library.ts';
import { plainNamer } from '../../../../src/main/browser/in-page/plain-name.ts';
import { installSnapshotWorld, NATIVE_NAMED_TAGS, SKIPPED_TAGS, walkDocument } from '../../../../src/main/browser/in-page/snapshot-walk.ts';
import { namedRoles } from '../../../../src/main/browser/snapshot/roles.ts';
import { type Harness, startHarness } from '../harness.ts';

/**
 * Names the snapshot reads as plain text, without dom-accessibility-api, must be the names the
 * library computes. The page holds the shapes read directly (text, a heading around a link, an
 * alt) next to near misses the library must still name (a label, aria-labelledby, aria-owns, text
 * beside an inline or a block child, a hidden child, a control inside, a tooltip only).
 */
describe('names read as plain text in the page', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.open('plain-names.html');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('are those dom-accessibility-api computes, on every node of the page', async () => {
    const tags = `${JSON.stringify(NATIVE_NAMED_TAGS)}, ${JSON.stringify(SKIPPED_TAGS)}`;
    // two worlds in the page: the library alone (the oracle), and the library with the plain reading
    const walks = await h.evaluate<[unknown[], unknown[], number]>(`() => {
      const lib = ${accnameLibrarySource()};
      const plain = (${plainNamer.toString()})(${tags});
      let read = 0;
      const counted = (el, role) => { const n = plain(el, role); if (n !== undefined) read++; return n; };
      const install = ${installSnapshotWorld.toString()};
      install('__libraryOnly', { ...lib, plainName: () => undefined }, ${tags});
      install('__plainFirst', { ...lib, plainName: counted }, ${tags});
      const walk = ${walkDocument.toString()};
      const roles = ${JSON.stringify(namedRoles())};
      return [walk('__libraryOnly', roles, -1).nodes, walk('__plainFirst', roles, -1).nodes, read];
    }`);
    const [library, plainFirst, read] = walks;
    expect(plainFirst).toEqual(library);
    // the plain reading was used, not only ever handed over
    expect(read).toBeGreaterThanOrEqual(8);
  });

  it('shows each control with its name in the snapshot', async () => {
    const s = await h.snapshot();
    for (const line of [
      'link "Spaced link"',
      'link "Only a tooltip"',
      'link "Wide space"',
      'link "Heading around a link"',
      'link "Labelled link"',
      'button "Price:10"',
      'button "Ends here"',
      'button "Name from a label"',
      'button "Named by another"',
      'link "Logo"',
      'link "Item link"',
      'link "Text after a comment"',
    ]) {
      expect(s).toMatch(new RegExp(`^ *\\d+_[0-9a-z]+ ${line.replace(/[[\]()*+?.\\^$|]/g, '\\$&')}`, 'm'));
    }
    for (const line of ['heading "Deep inside"', 'heading "Rated"', 'img "A photo"', 'heading "Shadow heading"']) expect(s).toContain(line);
    expect(s).not.toContain('Gone');
  });
});
