"""The referee: a hand event by event (legal actions, furiten, claims, kans, pao, draws,
settlement), a game to its final standings, and the replay of game records."""
