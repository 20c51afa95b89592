from referee import create_app

app = create_app()
