import { describe, expect, it } from 'vitest';
import type { CannedValues } from './tickets-rules-canned';
import { cannedReplyProblem, renderCannedReply } from './tickets-rules-canned';

const ALL =
  '{{customer.first_name}}, {{customer.last_name}}, {{account.number}}, {{ticket.reference}}, {{ticket.subject}}, {{staff.display_name}}, {{provider.name}}';

const values: CannedValues = {
  'customer.first_name': 'Jordan',
  'customer.last_name': 'Citizen',
  'account.number': '100001',
  'ticket.reference': 'T240001',
  'ticket.subject': 'Red light on the modem',
  'staff.display_name': 'Sam Support',
  'provider.name': 'Outpost Internet',
};

describe('cannedReplyProblem', () => {
  it('accepts every listed placeholder, with or without spaces inside the braces', () => {
    expect(cannedReplyProblem(`Hi {{ customer.first_name }}, about {{ticket.reference}}.`)).toBe(
      null,
    );
    expect(cannedReplyProblem('No placeholders at all.')).toBe(null);
  });

  it('refuses a placeholder that does not exist, naming it and the ones that do', () => {
    expect(cannedReplyProblem('Hi {{customer.firstname}},')).toBe(
      `There is no placeholder {{customer.firstname}}. Use one of ${ALL}.`,
    );
    expect(cannedReplyProblem('{{a}} {{b}} {{a}}')).toBe(
      `There are no placeholders {{a}}, {{b}}. Use one of ${ALL}.`,
    );
  });

  it('refuses braces that open or close no placeholder', () => {
    expect(cannedReplyProblem('Hi {{customer.first_name}, thanks')).toBe(
      `A placeholder is written {{name}}, with two braces either side; check the braces. Use one of ${ALL}.`,
    );
    expect(cannedReplyProblem('Thanks }}')).not.toBe(null);
  });
});

describe('renderCannedReply', () => {
  it("fills in the ticket's values", () => {
    expect(
      renderCannedReply(
        'Hi {{customer.first_name}}, about {{ ticket.reference }} ({{ticket.subject}}) on account {{account.number}}. {{staff.display_name}}, {{provider.name}}',
        values,
      ),
    ).toBe(
      'Hi Jordan, about T240001 (Red light on the modem) on account 100001. Sam Support, Outpost Internet',
    );
  });

  it('reads a missing first name as "there" and another missing value as nothing', () => {
    expect(
      renderCannedReply('Hi {{customer.first_name}} {{customer.last_name}}!', {
        ...values,
        'customer.first_name': null,
        'customer.last_name': null,
      }),
    ).toBe('Hi there !');
  });

  it('never leaves a raw {{...}}: unknown placeholders and stray braces are taken out', () => {
    const out = renderCannedReply('A {{withdrawn.one}}B {{ C }} }} {{customer.first_name', values);
    expect(out).toBe('A B   customer.first_name');
    expect(out).not.toMatch(/\{\{|\}\}/);
    // A value typed with braces (the subject) does not bring them back.
    expect(
      renderCannedReply('Re: {{ticket.subject}}', { ...values, 'ticket.subject': '{{x}}' }),
    ).toBe('Re: {x}');
  });
});
