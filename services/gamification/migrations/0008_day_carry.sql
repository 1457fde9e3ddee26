-- The day a change of timezone leaves in force (auth's user.* events carry it): the streak, badge
-- progress and the boards' today read the user's day by calendar.ts brokerDay.
alter table users add column if not exists day_carry_date text;
alter table users add column if not exists day_carry_until text;
