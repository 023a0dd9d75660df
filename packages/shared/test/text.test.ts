import { describe, expect, it } from 'vitest';
import { endSentence, invitationMessages } from '../src/index';

describe('endSentence (issue 11 item 21)', () => {
  it('adds a period unless the name already ends a sentence', () => {
    expect(endSentence('Red Mesa Operating Co.')).toBe('Red Mesa Operating Co.');
    expect(endSentence('Permian Basin Services LLC')).toBe('Permian Basin Services LLC.');
    expect(endSentence('Yes!')).toBe('Yes!');
    expect(endSentence('Caprock Inc. ')).toBe('Caprock Inc.');
  });

  it('keeps messages that end with a company name free of a double period', () => {
    expect(invitationMessages.expiredTooltip('Red Mesa Operating Co.')).toBe(
      'This invitation has expired. Please request an invitation be resent from Red Mesa Operating Co.',
    );
    expect(invitationMessages.expiredTooltip('Hawthorne LLC')).toMatch(/from Hawthorne LLC\.$/);
  });
});
