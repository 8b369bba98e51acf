from .cli import main

if __name__ == "__main__":     # not when a spawned process (a Dask worker) imports it
    main()
