from generator.entry import run

run()
