/** The policy of the contracts' passwordInput, said before the person types, not after. */
export const PASSWORD_POLICY_TEXT = 'دست‌کم ۸ نویسه، هم حرف و هم عدد';
