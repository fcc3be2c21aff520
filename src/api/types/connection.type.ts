import { Field, Int, ObjectType } from '@nestjs/graphql';
import { DealType } from './deal.type';

@ObjectType('PageInfo', { description: 'Where a page of a Relay connection sits in the whole list' })
export class PageInfoType {
  @Field({ description: 'More items follow this page: ask again with after: endCursor' }) hasNextPage!: boolean;
  @Field({ description: 'Items come before this page (it was asked for with after)' }) hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: "The first item's cursor; null on an empty page" }) startCursor!: string | null;
  @Field(() => String, { nullable: true, description: "The last item's cursor (pass it as after for the next page); null on an empty page" }) endCursor!:
    string | null;
}

@ObjectType('DealEdge', { description: 'One deal of a connection with its cursor' })
export class DealEdgeType {
  @Field({ description: 'Opaque; accepted as after, to continue the list after this deal' }) cursor!: string;
  @Field(() => DealType, { description: 'The deal' }) node!: DealType;
}

@ObjectType('DealConnection', { description: 'A Relay connection of deals' })
export class DealConnectionType {
  @Field(() => [DealEdgeType], { description: 'The deals of this page with their cursors' }) edges!: DealEdgeType[];
  @Field(() => [DealType], { description: 'The deals of this page (the edges without cursors)' }) nodes!: DealType[];
  @Field(() => PageInfoType, { description: 'Cursors and whether more pages exist' }) pageInfo!: PageInfoType;
  @Field(() => Int, { description: 'How many deals match the filter in all (that this caller may see); counted only when asked' }) totalCount!: number;
}
