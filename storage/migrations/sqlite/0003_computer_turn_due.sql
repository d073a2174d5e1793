-- The computer's turn has a deadline (the scheduler asks it again when it has not answered).
-- Games stored before that, waiting for the computer's move, are due now.
UPDATE games SET deadline = 0
WHERE status = 'active' AND deadline IS NULL AND to_move LIKE 'engine:%';
