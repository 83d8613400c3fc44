import { describe, expect, it } from 'vitest';
import { choiceByPrice } from '../../../../src/main/agent/offline/price-choice.ts';
import { buttonOf, fieldOf, pageModelOf, radiosOf } from '../page-model-parts.ts';

const sizes = radiosOf('Size', ['Small €8', 'Medium €11', 'Large €14']);

describe('the cheapest option of the choice the words name', () => {
  it('takes the choice the words name, never another choice whose options show prices', () => {
    const m = pageModelOf({
      groups: [sizes, radiosOf('Frame', ['Oak frame +€12', 'Pine frame +€4', 'No frame +€0'])],
    });
    expect(choiceByPrice('whichever frame is cheapest', m)).toEqual([{ kind: 'choose', option: 'No frame +€0', ref: 'Frame' }]);
    expect(choiceByPrice('the priciest size', m)).toEqual([{ kind: 'choose', option: 'Large €14', ref: 'Size' }]);
  });

  it('counts a price said as a change with its sign', () => {
    const m = pageModelOf({ groups: [radiosOf('Finish', ['Matte +€2', 'Recycled −€3', 'Gloss +€0'])] });
    expect(choiceByPrice('the cheapest finish', m)).toEqual([{ kind: 'choose', option: 'Recycled −€3', ref: 'Finish' }]);
  });

  it('leaves a named list that shows its options only when opened for a look, and chooses in it once open', () => {
    const picker = fieldOf('Frame', { handle: '0:1', kind: 'combobox', picker: true });
    const closed = pageModelOf({ groups: [sizes], fields: [picker] });
    expect(choiceByPrice('whichever frame is cheapest', closed)).toBeUndefined();
    const open = pageModelOf({
      groups: [sizes],
      fields: [picker],
      buttons: [
        buttonOf('0:2', 'Oak frame +€12', { kind: 'option' }),
        buttonOf('0:3', 'Walnut frame — sold out −€1', { kind: 'option', disabled: true }),
        buttonOf('0:4', 'Pine frame +€4', { kind: 'option' }),
      ],
    });
    expect(choiceByPrice('whichever frame is cheapest', open)).toEqual([{ kind: 'choose', option: 'Pine frame +€4' }]);
  });

  it('with no choice named, the one whose options all show prices', () => {
    expect(choiceByPrice('the cheapest one', pageModelOf({ groups: [sizes] }))).toEqual([
      { kind: 'choose', option: 'Small €8', ref: 'Size' },
    ]);
  });
});

describe('a dash in an option’s words is no minus', () => {
  it('"Standard - 3-5 days $10" costs 10, not −10', () => {
    const m = pageModelOf({ groups: [radiosOf('Delivery', ['Standard - 3-5 days $10', 'Express $9', 'Next day $15'])] });
    expect(choiceByPrice('the cheapest delivery', m)).toEqual([{ kind: 'choose', option: 'Express $9', ref: 'Delivery' }]);
  });
});
