import { Field, Int, ObjectType } from '@nestjs/graphql';
import { DealType } from './deal.type';

@ObjectType('PageInfo')
export class PageInfoType {
  @Field() hasNextPage!: boolean;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
}

@ObjectType('DealEdge')
export class DealEdgeType {
  @Field() cursor!: string;
  @Field(() => DealType) node!: DealType;
}

@ObjectType('DealConnection', { description: 'A Relay connection of deals' })
export class DealConnectionType {
  @Field(() => [DealEdgeType]) edges!: DealEdgeType[];
  @Field(() => [DealType]) nodes!: DealType[];
  @Field(() => PageInfoType) pageInfo!: PageInfoType;
  @Field(() => Int) totalCount!: number;
}
