import type { AddressEntry } from '@shop/shared/address-book';
import { editButtonId, neighbourAfterRemoval } from './addressFocus';
import { SAMPLE_ADDRESS } from '@shop/shared/testing/sampleAddress';

const address = SAMPLE_ADDRESS;
const entries: AddressEntry[] = ['a0', 'a1', 'a2'].map((key) => ({ key, address }));

describe('neighbourAfterRemoval', () => {
  it('is the next address when there is one', () => {
    expect(neighbourAfterRemoval(entries, 'a0')?.key).toBe('a1');
    expect(neighbourAfterRemoval(entries, 'a1')?.key).toBe('a2');
  });

  it('is the previous address when the last one goes', () => {
    expect(neighbourAfterRemoval(entries, 'a2')?.key).toBe('a1');
  });

  it('is none when the only address goes, or the key is not in the list', () => {
    expect(neighbourAfterRemoval([entries[0]!], 'a0')).toBeUndefined();
    expect(neighbourAfterRemoval(entries, 'a9')).toBeUndefined();
  });
});

describe('editButtonId', () => {
  it("names an address's Edit button by its key", () => {
    expect(editButtonId('a3')).toBe('address-a3-edit');
  });
});
