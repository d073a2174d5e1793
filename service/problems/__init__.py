"""The problem files of :mod:`service.problem_set` (``pNNN.sgf``, easiest first)."""
