import type { Field, PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { fillPlace } from './fill-place.ts';

/**
 * A pet's name said the way owners say it: "우리 두부 발톱 깎기", "저희 고양이 나비는", "my dog
 * Biscuit", "our cat's name is Miso". It goes into a box for the pet's name (never the owner's
 * name box). Words for people and things after 우리 ("우리 아이", "우리 집") are no name.
 */
const KO = /(?:^|\s)(?:우리|저희)\s+(?:강아지|개|댕댕이|고양이|냥이)?\s*([가-힣]{2,4}?)(?:를|가|는|랑|도|의|한테)?(?=[\s,.!?]|$)/;
const EN = /\b(?:my|our)\s+(?:dog|cat|puppy|kitten|pet)(?:'s\s+name\s+is|\s+is\s+called|,)?\s+(\p{Lu}[\p{Ll}'-]+)/u;
/** "강아지 이름은 보리", "반려견 이름: 두부", "dog's name is Biscuit" */
const NAMED =
  /(?:강아지|반려견|반려동물|애견|개|고양이|냥이|펫)\s*(?:의\s*)?이름(?:은|는|이|:)?\s*([가-힣]{1,5}?)(?:이에요|예요|입니다|이요|요|이고|고)?(?=[\s,.!?]|$)|\b(?:dog|cat|puppy|kitten|pet)(?:'s)?\s+name\s*(?:is|:)?\s+(\p{Lu}[\p{Ll}'-]+)/u;
const NOT_A_NAME =
  /^(?:아이|애|애기|아기|가족|집|회사|팀|엄마|아빠|어머니|아버지|아들|딸|남편|아내|부모님|동네|반|둘|셋|넷|모두|다|같이|강아지|고양이|개|냥이|댕댕이|차|방)$/;

/** The ref a pet's name is placed by: the words pages use for that box. */
export const PET_NAME_REF =
  '반려견 이름|반려동물 이름|강아지 이름|고양이 이름|펫 이름|pet name|pet’s name|dog’s name|dog name|cat’s name|cat name';

export function petNameIn(text: string): string | undefined {
  const named = NAMED.exec(text);
  if (named && !NOT_A_NAME.test(named[1] ?? named[2] ?? '')) return named[1] ?? named[2];
  const ko = KO.exec(text)?.[1];
  if (ko && !NOT_A_NAME.test(ko)) return ko;
  return EN.exec(text)?.[1];
}

/** A piece that says only the pet (and what is done with it): "우리 보리 맡기려구요", "강아지 이름은 보리". */
export function onlyThePet(piece: string, pet: string): boolean {
  return (
    piece.includes(pet) &&
    piece
      .replace(/(?:우리|저희|my|our)\s+/gi, '')
      .replace(
        /(?:강아지|반려견|반려동물|애견|고양이|펫)\s*(?:의\s*)?이름(?:은|는|이|:)?|\b(?:dog|cat|puppy|pet)(?:'s)?\s+name(?:\s+is)?/gi,
        '',
      )
      .replace(pet, '')
      .trim()
      .split(/\s+/).length <= 1
  );
}

/**
 * The pet's name said in the request, the box here that asks it (never the owner's name box), and,
 * when this page has none and no reading placed the name, the value held for a later step's box.
 */
export function petPlace(
  text: string,
  clauses: Clause[],
  model: PageModel,
): { pet: string | undefined; petHere: Field | undefined; held: Extract<Clause, { kind: 'fill' }> | undefined } {
  const pet = petNameIn(text);
  const box = pet ? fillPlace(PET_NAME_REF, pet, model) : undefined;
  const petHere = box && 'field' in box && box.field.purpose !== 'full_name' ? box.field : undefined;
  const placed = clauses.some((c) => c.kind === 'fill' && c.value === pet);
  return { pet, petHere, held: pet && !petHere && !placed ? { kind: 'fill', ref: PET_NAME_REF, value: pet } : undefined };
}
