/** Rules of drivers, as plain functions. */

// ---- Personal account numbers

/** The Luhn check digit of `digits` (the one payment cards carry): it catches any one digit wrong and most swaps of neighbours. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    // Doubling starts from the rightmost digit, which the check digit will follow.
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The account number of the `sequence`-th driver: its 7 digits and their check digit. */
export function accountNumber(sequence: number): string {
  const digits = String(sequence).padStart(7, '0');
  return `${digits}${luhnCheckDigit(digits)}`;
}

/** Whether `account` is 8 digits whose last is the check digit of the others. */
export function isValidAccountNumber(account: string): boolean {
  return /^\d{8}$/.test(account) && luhnCheckDigit(account.slice(0, 7)) === Number(account[7]);
}

// ---- Answers

/** How lists and the ledger name a driver: surname first, as Kyrgyz and Russian documents do. */
export function fullName(driver: { surname: string; firstName: string }): string {
  return `${driver.surname} ${driver.firstName}`;
}
