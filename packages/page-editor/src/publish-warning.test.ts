// @vitest-environment happy-dom
/** What Publish to Delivery from the page editor warns of before it asks to go ahead. */
import { describe, expect, it } from 'vitest';
import { leftOutWarning } from './commands';

describe('the page editor’s Publish to Delivery warning', () => {
  it('names each referenced item Delivery would not show, with the pages that need it', () => {
    expect(
      leftOutWarning([
        { name: 'Team photo', needed_by: [{ content_name: 'Team' }] },
        {
          name: 'Deleted micro-app instance',
          needed_by: [{ content_name: 'Home' }, { content_name: 'Team' }],
        },
      ]),
    ).toBe(
      " Pages on Delivery reference items it would not show: Team photo (needed by Team); Deleted micro-app instance (needed by Home, Team). To include them in the publish, publish from the admin's Publish dialog.",
    );
  });

  it('says nothing when nothing would be left out', () => {
    expect(leftOutWarning([])).toBe('');
  });
});
