import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/accounts/schemas/accounts";
import { TextField } from "./text-field";

type Errors = Partial<Record<"name" | "password" | "confirmPassword", string[]>> | undefined;

/**
 * Name and a password typed twice: there is no email to reset a forgotten one with. The name is
 * controlled so that it survives a refused submission (React resets uncontrolled fields).
 */
export function NewAccountFields({ errors, name, onNameChange }: { errors: Errors; name: string; onNameChange: (name: string) => void }) {
  return (
    <>
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => onNameChange(e.target.value)}
        errors={errors?.name}
        hint="Shown to your team beside your reviews and comments."
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        errors={errors?.password}
        hint={`At least ${PASSWORD_MIN} characters.`}
      />
      <TextField label="Repeat the password" name="confirmPassword" type="password" autoComplete="new-password" required errors={errors?.confirmPassword} />
    </>
  );
}
