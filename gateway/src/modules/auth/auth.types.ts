import { Field, ObjectType } from 'type-graphql';
import { User } from './user.entity';

@ObjectType({ description: 'A human message about what happened, for the screen that asked.' })
export class MessagePayload {
  @Field()
  message: string;
}

@ObjectType({ description: 'A bearer token (send it as `Authorization: Bearer <token>`) and who it is for.' })
export class AuthPayload {
  @Field({ description: 'JWT, valid 7 days or until the password changes.' })
  token: string;

  @Field(() => User)
  user: User;
}

@ObjectType()
export class ChangePasswordPayload {
  @Field()
  message: string;

  @Field({
    description:
      "A fresh token of this session. The password change ends the account's other sessions; this session's older " +
      'tokens keep working.',
  })
  token: string;
}
