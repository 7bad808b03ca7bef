while True: pass
