from tutor.cli import main

raise SystemExit(main())
