import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { SeatEnum } from './enums';

export enum FairVerdictEnum {
  VERIFIED = 'verified',
  MISMATCH = 'mismatch',
  UNVERIFIABLE = 'unverifiable',
  PENDING = 'pending',
  NOT_SERVER_SHUFFLED = 'notServerShuffled',
}
registerEnumType(FairVerdictEnum, {
  name: 'FairVerdict',
  description: "The recomputation of a deal's shuffle (docs/fair-dealing.md)",
  valuesMap: {
    VERIFIED: { description: 'The revealed seed matches the commitment and, with the client seeds and the deal id, deals exactly the recorded cards' },
    MISMATCH: { description: 'It does not: see problems' },
    UNVERIFIABLE: { description: 'A server shuffle that cannot be checked: its seed is lost, or it was dealt before fair dealing' },
    PENDING: { description: 'The deal has not ended: its server seed is still secret' },
    NOT_SERVER_SHUFFLED: { description: 'The cards were given (or seeded): there is no server shuffle to check' },
  },
});

@ObjectType('ClientSeed', { description: "A seat's client entropy, mixed into the shuffle before the cards were dealt" })
export class ClientSeedType {
  @Field(() => SeatEnum, { description: 'The seat that gave it' }) seat!: number;
  @Field({ description: 'The seed as recorded (its UTF-8 bytes enter the shuffle)' }) seed!: string;
}

@ObjectType('FairDeal', { description: "A server-shuffled deal's commitment, client seeds, revealed seed and the check of its shuffle" })
export class FairDealType {
  @Field(() => FairVerdictEnum, { description: 'The outcome of recomputing the shuffle' }) verdict!: FairVerdictEnum;
  @Field(() => String, { nullable: true, description: 'The scheme (skat-ledger-fair-v1); null without a commitment' }) scheme!: string | null;
  @Field(() => String, { nullable: true, description: 'SHA-256 of the server seed, recorded before any card was dealt (hex)' }) commitment!: string | null;
  @Field(() => [ClientSeedType], { description: 'The client seeds given, in seat order' }) clientSeeds!: ClientSeedType[];
  @Field({ description: 'The cards wait for client seeds (addClientSeed, dealCards)' }) awaitsClientSeeds!: boolean;
  @Field(() => String, { nullable: true, description: 'The server seed (hex): null until the deal ended; never readable before' }) serverSeed!: string | null;
  @Field(() => [String], { description: 'What does not agree (for MISMATCH and UNVERIFIABLE)' }) problems!: string[];
}
