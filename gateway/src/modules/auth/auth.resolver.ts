import { Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { User } from './user.entity';
import { AuthPayload, ChangePasswordPayload, MessagePayload } from './auth.types';
import {
  ChangePasswordArgs,
  LinkProbeArgs,
  LinkTokenArgs,
  LoginArgs,
  RegisterArgs,
  RequestPasswordResetArgs,
  ResendConfirmationArgs,
  ResetPasswordArgs,
  UpdateProfileArgs,
} from './auth.inputs';

@Resolver(() => User)
export class AuthResolver {
  constructor(private readonly services: Services) {}

  @Mutation(() => MessagePayload, { description: 'Creates an account and mails a confirmation link; no login.' })
  async register(@Ctx() ctx: RequestContext, @Args(() => RegisterArgs) args: RegisterArgs): Promise<MessagePayload> {
    return { message: await this.services.auth.register(ctx, args) };
  }

  @Mutation(() => MessagePayload, { description: 'Confirms the e-mail of the account the link was sent to.' })
  async confirmEmail(
    @Ctx() ctx: RequestContext,
    @Args(() => LinkTokenArgs) args: LinkTokenArgs,
  ): Promise<MessagePayload> {
    return { message: await this.services.auth.confirmEmail(ctx, args) };
  }

  @Mutation(() => AuthPayload, { description: 'Refused (FORBIDDEN) until the e-mail is confirmed.' })
  login(@Ctx() ctx: RequestContext, @Args(() => LoginArgs) args: LoginArgs): Promise<AuthPayload> {
    return this.services.auth.login(ctx, args);
  }

  @Mutation(() => MessagePayload, {
    description:
      'Ends the caller’s session: its tokens stop working, the account’s other sessions go on. The same answer without one.',
  })
  async logout(@Ctx() ctx: RequestContext): Promise<MessagePayload> {
    return { message: await this.services.auth.logout(ctx) };
  }

  @Authorized()
  @Query(() => User, { description: 'The signed-in user.' })
  me(@Ctx() ctx: RequestContext): User {
    return this.services.auth.me(ctx);
  }

  /**
   * Only the user themself sees it: an address nobody has confirmed is no one's to show, not even in an admin's lists
   * of orders and bookings (which show the account's e-mail).
   */
  @FieldResolver(() => String, {
    nullable: true,
    description:
      'A new e-mail the user asked for, waiting for the link mailed there to be opened; `email` stays the account’s until then. Null when none, and for anyone but the user themself.',
  })
  pendingEmail(@Root() user: User, @Ctx() ctx: RequestContext): string | null {
    return ctx.user?.id === user.id ? (user.pendingEmail ?? null) : null;
  }

  @Authorized()
  @Mutation(() => User, {
    description: 'Drops the pending e-mail change, if any: its link stops working and the account keeps its e-mail.',
  })
  cancelEmailChange(@Ctx() ctx: RequestContext): Promise<User> {
    return this.services.auth.cancelEmailChange(ctx);
  }

  @Authorized()
  @Mutation(() => User, {
    description:
      'Username and phone change at once; a new e-mail becomes `pendingEmail` until confirmed from a link mailed to it (the current e-mail leaves a pending one as it is; cancelEmailChange drops it).',
  })
  updateProfile(@Ctx() ctx: RequestContext, @Args(() => UpdateProfileArgs) args: UpdateProfileArgs): Promise<User> {
    return this.services.auth.updateProfile(ctx, args);
  }

  @Authorized()
  @Mutation(() => ChangePasswordPayload, {
    description:
      "Ends the account's other sessions (their tokens stop working); the payload has a fresh token of this one.",
  })
  changePassword(
    @Ctx() ctx: RequestContext,
    @Args(() => ChangePasswordArgs) args: ChangePasswordArgs,
  ): Promise<ChangePasswordPayload> {
    return this.services.auth.changePassword(ctx, args);
  }

  @Mutation(() => MessagePayload, {
    description:
      'Mails a new confirmation link if an account at that e-mail is not confirmed yet; the answer is the same. Counted with sign-ups.',
  })
  async resendConfirmation(
    @Ctx() ctx: RequestContext,
    @Args(() => ResendConfirmationArgs) args: ResendConfirmationArgs,
  ): Promise<MessagePayload> {
    return { message: await this.services.auth.resendConfirmation(ctx, args) };
  }

  @Mutation(() => MessagePayload, { description: 'Mails a reset link if the account exists; the answer is the same.' })
  async requestPasswordReset(
    @Ctx() ctx: RequestContext,
    @Args(() => RequestPasswordResetArgs) args: RequestPasswordResetArgs,
  ): Promise<MessagePayload> {
    return { message: await this.services.auth.requestPasswordReset(ctx, args) };
  }

  @Query(() => Boolean, {
    description:
      'Whether a reset link can still set a password (unused, unexpired, not replaced by a newer one). Spends nothing.',
  })
  passwordResetLinkWorks(@Ctx() ctx: RequestContext, @Args(() => LinkProbeArgs) args: LinkProbeArgs): Promise<boolean> {
    return this.services.auth.resetLinkWorks(ctx, args);
  }

  @Mutation(() => MessagePayload, { description: 'Sets a new password from a reset link; older tokens stop working.' })
  async resetPassword(
    @Ctx() ctx: RequestContext,
    @Args(() => ResetPasswordArgs) args: ResetPasswordArgs,
  ): Promise<MessagePayload> {
    return { message: await this.services.auth.resetPassword(ctx, args) };
  }
}
