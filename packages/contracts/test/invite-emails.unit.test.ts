import { z } from 'zod';
import { parseInviteEmails } from '../src';

describe('parseInviteEmails', () => {
  it('reads "Name, Email" lines, skips blank ones and names the lines that are not an invite', () => {
    expect(parseInviteEmails('Sam Whitfield, Sam@Example.com\n\n  ana@example.org  \nnot an address\nLee, lee@')).toEqual({
      invites: [
        { name: 'Sam Whitfield', email: 'sam@example.com' },
        { name: 'ana@example.org', email: 'ana@example.org' },
      ],
      badLines: [3, 4],
    });
  });

  it("accepts exactly the addresses zod's z.email() accepts, which the rest of the API applies", () => {
    const addresses = [
      'a@b.co',
      'first.last@example.com',
      "o'brien+tag@mail.example.org",
      'under_score-dash@sub-domain.example.io',
      '.leading@example.com',
      'trailing.@example.com',
      'double..dot@example.com',
      'no-at.example.com',
      'a@b',
      'a@b.c',
      'a@-dash.com',
      'space in@example.com',
      'a@b.c0m',
      'ünï@example.com',
      'a@exa_mple.com',
      '@example.com',
      'a@@example.com',
    ];
    const email = z.email();
    for (const address of addresses) {
      expect([address, parseInviteEmails(`Someone, ${address}`).badLines.length === 0]).toEqual([address, email.safeParse(address.toLowerCase()).success]);
    }
  });
});
