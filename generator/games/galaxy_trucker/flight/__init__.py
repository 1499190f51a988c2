"""The Galaxy Trucker flight engine: read a built ship, check it, fly it through a round's
planned events and score it; a bot that builds ships from the posted sets; a balance check.

Small modules, one job each:
  shipfile   the plain-text ship file (errors with line and column)
  ship       the built ship's geometry: tiles, rotated sides, connections, lines of fire
  legality   the end-of-building check: illegal tiles become Lost Components
  state      what changes in flight (crew, batteries, goods, lost tiles) and its small rules
  damage     a component destroyed, and the chunk the player keeps
  resolvers  one resolver per card kind; `registry` names them in a table by kind
  search     the best choices for the round score, and the replayed account
  account    the text a player reads: every step and the sheet's score boxes
  bot        a builder that picks, skips, peeks and passes from the posted sets
  balance    many seeds across both cores: distributions, outliers, a seed's verdict
"""
