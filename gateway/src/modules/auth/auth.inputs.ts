import { ArgsType, Field } from 'type-graphql';
import { IsString, registerDecorator } from 'class-validator';
import { isEmailAddress } from '../../common/email-address';
import { VISIBLE } from '../../common/validation';

export const MIN_PASSWORD_LENGTH = 6;
/** argon2 hashes whatever it is given: an upper bound keeps a huge password from costing the server. */
const MAX_PASSWORD_LENGTH = 200;

export const PASSWORDS_MUST_MATCH = 'New password and confirm passwrd must match.';

/**
 * One rule per field whose message depends on what is wrong (empty vs malformed):
 * the spec's messages come in a fixed order, which stacked class-validator decorators do not guarantee.
 */
function Check(problem: (value: unknown, input: Record<string, unknown>) => string | null): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: `check_${String(propertyName)}`,
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value, args) => problem(value, args?.object as Record<string, unknown>) === null,
        defaultMessage: (args) => problem(args?.value, args?.object as Record<string, unknown>) ?? 'Invalid value.',
      },
    });
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const emailProblem = (value: unknown) => {
  const email = text(value);
  if (!email) return 'Email is required.';
  if (!isEmailAddress(email)) return 'Invalid email format.';
  return null;
};

const newPasswordProblem = (value: unknown) => {
  if (typeof value !== 'string' || !value.trim()) return 'Password is required.';
  if (value.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (value.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  return null;
};

const required =
  (message: string, max = 200, tooLong = `${message.replace(' is required.', '')} is too long.`) =>
  (value: unknown) => {
    if (!text(value)) return message;
    if (String(value).length > max) return tooLong;
    return null;
  };

/** The longest link token looked up: ours are far shorter. */
export const MAX_LINK_TOKEN = 200;

/** A link token that is empty or too long is just an invalid one: the same message, not a garbled one. */
const linkToken = required('Invalid or expired token.', MAX_LINK_TOKEN, 'Invalid or expired token.');

const usernameProblem = (value: unknown) => {
  // A name of only invisible or joining marks (zero-width space, combining accents, Hangul fillers) is no name.
  if (!VISIBLE.test(text(value))) return 'Username is required.';
  if (text(value).length > 60) return 'Username must be at most 60 characters.';
  // Control and format characters (right-to-left overrides, zero-width joiners), and those drawn as nothing (the
  // combining grapheme joiner, the Hangul fillers, the blank Braille pattern), can make one name pass for another.
  if (/[\p{Cc}\p{Cf}\u034f\u115f\u1160\u3164\uffa0\u2800]/u.test(text(value)))
    return 'Username must not contain invisible characters.';
  return null;
};

@ArgsType()
export class RegisterArgs {
  @Field(() => String)
  @Check(usernameProblem)
  username: string;

  @Field(() => String)
  @Check(emailProblem)
  email: string;

  @Field(() => String)
  @Check(newPasswordProblem)
  password: string;
}

@ArgsType()
export class LoginArgs {
  @Field(() => String)
  @Check(emailProblem)
  email: string;

  @Field(() => String)
  @Check(required('Password is required.', MAX_PASSWORD_LENGTH))
  password: string;
}

/** The token of a link sent by e-mail (confirmation or password reset). */
@ArgsType()
export class LinkTokenArgs {
  @Field(() => String)
  @Check(linkToken)
  token: string;
}

/**
 * A link's token, only to ask whether the link works: whatever is not a working link (an empty or overlong token too)
 * is simply one that does not, so any text is taken (GraphQL has made it text already).
 */
@ArgsType()
export class LinkProbeArgs {
  @Field(() => String)
  @IsString({ message: 'Invalid or expired token.' })
  token: string;
}

@ArgsType()
export class UpdateProfileArgs {
  @Field(() => String)
  @Check(usernameProblem)
  username: string;

  @Field(() => String)
  @Check(emailProblem)
  email: string;

  @Field(() => String, {
    nullable: true,
    description: 'Optional: left out, it stays as it is; an empty string or null clears it.',
  })
  @Check((value) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return 'Phone must be text.';
    return value.trim().length <= 40 ? null : 'Phone must be at most 40 characters.';
  })
  phone?: string | null;
}

@ArgsType()
export class ChangePasswordArgs {
  @Field(() => String)
  @Check(required('Current password is required.', MAX_PASSWORD_LENGTH))
  currentPassword: string;

  @Field(() => String)
  @Check(newPasswordProblem)
  newPassword: string;

  @Field(() => String)
  @Check((value, input) => (value === input.newPassword ? null : PASSWORDS_MUST_MATCH))
  confirmPassword: string;
}

@ArgsType()
export class RequestPasswordResetArgs {
  @Field(() => String)
  @Check(emailProblem)
  email: string;
}

@ArgsType()
export class ResendConfirmationArgs {
  @Field(() => String)
  @Check(emailProblem)
  email: string;
}

@ArgsType()
export class ResetPasswordArgs {
  @Field(() => String)
  @Check(linkToken)
  token: string;

  @Field(() => String)
  @Check(newPasswordProblem)
  newPassword: string;
}
