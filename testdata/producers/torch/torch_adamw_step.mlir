module @IrToHlo.193 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<8x4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4x32xf32>, %arg3: tensor<32xf32>, %arg4: tensor<32x16xf32>, %arg5: tensor<8x16xf32>, %arg6: tensor<f64>, %arg7: tensor<f32>, %arg8: tensor<f32>, %arg9: tensor<f64>, %arg10: tensor<f32>, %arg11: tensor<32x16xf32>, %arg12: tensor<f32>, %arg13: tensor<32x16xf32>, %arg14: tensor<f32>, %arg15: tensor<32xf32>, %arg16: tensor<32xf32>, %arg17: tensor<4x32xf32>, %arg18: tensor<4x32xf32>, %arg19: tensor<4xf32>, %arg20: tensor<4xf32>) -> (tensor<f32>, tensor<32x16xf32>, tensor<32xf32>, tensor<4x32xf32>, tensor<4xf32>, tensor<32x16xf32>, tensor<32x16xf32>, tensor<32xf32>, tensor<32xf32>, tensor<4x32xf32>, tensor<4x32xf32>, tensor<4xf32>, tensor<4xf32>) {
    %cst = stablehlo.constant dense<3.125000e-02> : tensor<8x4xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<8x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<8x32xf32>
    %cst_2 = stablehlo.constant dense<3.125000e-02> : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.transpose %arg4, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,32]{0,1}"} : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %1 = stablehlo.dot_general %arg5, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %2 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
    %3 = stablehlo.add %1, %2 : tensor<8x32xf32>
    %4 = stablehlo.maximum %3, %cst_1 : tensor<8x32xf32>
    %5 = stablehlo.transpose %arg2, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,4]{0,1}"} : (tensor<4x32xf32>) -> tensor<32x4xf32>
    %6 = stablehlo.dot_general %4, %5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x4xf32>) -> tensor<8x4xf32>
    %7 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
    %8 = stablehlo.add %6, %7 : tensor<8x4xf32>
    %9 = stablehlo.subtract %8, %arg0 : tensor<8x4xf32>
    %10 = stablehlo.multiply %9, %9 : tensor<8x4xf32>
    %11 = stablehlo.reduce(%10 init: %cst_3) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<f32>
    %12 = stablehlo.multiply %11, %cst_2 : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %arg14, dims = [] : (tensor<f32>) -> tensor<32x16xf32>
    %14 = stablehlo.multiply %arg4, %13 : tensor<32x16xf32>
    %15 = stablehlo.broadcast_in_dim %arg12, dims = [] : (tensor<f32>) -> tensor<32x16xf32>
    %16 = stablehlo.transpose %arg5, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,8]{0,1}"} : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %17 = stablehlo.compare  GT, %4, %cst_1 : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xi1>
    %18 = stablehlo.multiply %9, %cst_0 : tensor<8x4xf32>
    %19 = stablehlo.multiply %18, %cst : tensor<8x4xf32>
    %20 = stablehlo.dot_general %19, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<4x32xf32>) -> tensor<8x32xf32>
    %21 = stablehlo.select %17, %20, %cst_1 : tensor<8x32xi1>, tensor<8x32xf32>
    %22 = stablehlo.dot_general %16, %21, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
    %23 = stablehlo.transpose %22, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,16]{0,1}"} : (tensor<16x32xf32>) -> tensor<32x16xf32>
    %24 = stablehlo.subtract %23, %arg13 {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,16]{0,1}"} : tensor<32x16xf32>
    %25 = stablehlo.multiply %15, %24 : tensor<32x16xf32>
    %26 = stablehlo.add %arg13, %25 : tensor<32x16xf32>
    %27 = stablehlo.broadcast_in_dim %arg10, dims = [] : (tensor<f32>) -> tensor<32x16xf32>
    %28 = stablehlo.multiply %arg11, %27 : tensor<32x16xf32>
    %29 = stablehlo.multiply %23, %23 {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,16]{0,1}"} : tensor<32x16xf32>
    %30 = stablehlo.convert %arg9 : (tensor<f64>) -> tensor<f32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<32x16xf32>
    %32 = stablehlo.multiply %29, %31 : tensor<32x16xf32>
    %33 = stablehlo.add %28, %32 : tensor<32x16xf32>
    %34 = stablehlo.sqrt %33 : tensor<32x16xf32>
    %35 = stablehlo.broadcast_in_dim %arg8, dims = [] : (tensor<f32>) -> tensor<32x16xf32>
    %36 = stablehlo.divide %34, %35 : tensor<32x16xf32>
    %37 = stablehlo.broadcast_in_dim %arg7, dims = [] : (tensor<f32>) -> tensor<32x16xf32>
    %38 = stablehlo.add %36, %37 : tensor<32x16xf32>
    %39 = stablehlo.divide %26, %38 : tensor<32x16xf32>
    %40 = stablehlo.convert %arg6 : (tensor<f64>) -> tensor<f32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<f32>) -> tensor<32x16xf32>
    %42 = stablehlo.multiply %39, %41 : tensor<32x16xf32>
    %43 = stablehlo.add %14, %42 : tensor<32x16xf32>
    %44 = stablehlo.broadcast_in_dim %arg14, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %45 = stablehlo.multiply %arg3, %44 : tensor<32xf32>
    %46 = stablehlo.broadcast_in_dim %arg12, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %47 = stablehlo.reduce(%21 init: %cst_3) applies stablehlo.add across dimensions = [0] : (tensor<8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %48 = stablehlo.subtract %47, %arg16 : tensor<32xf32>
    %49 = stablehlo.multiply %46, %48 : tensor<32xf32>
    %50 = stablehlo.add %arg16, %49 : tensor<32xf32>
    %51 = stablehlo.broadcast_in_dim %arg10, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %52 = stablehlo.multiply %arg15, %51 : tensor<32xf32>
    %53 = stablehlo.multiply %47, %47 : tensor<32xf32>
    %54 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %55 = stablehlo.multiply %53, %54 : tensor<32xf32>
    %56 = stablehlo.add %52, %55 : tensor<32xf32>
    %57 = stablehlo.sqrt %56 : tensor<32xf32>
    %58 = stablehlo.broadcast_in_dim %arg8, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %59 = stablehlo.divide %57, %58 : tensor<32xf32>
    %60 = stablehlo.broadcast_in_dim %arg7, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %61 = stablehlo.add %59, %60 : tensor<32xf32>
    %62 = stablehlo.divide %50, %61 : tensor<32xf32>
    %63 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %64 = stablehlo.multiply %62, %63 : tensor<32xf32>
    %65 = stablehlo.add %45, %64 : tensor<32xf32>
    %66 = stablehlo.broadcast_in_dim %arg14, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %67 = stablehlo.multiply %arg2, %66 : tensor<4x32xf32>
    %68 = stablehlo.broadcast_in_dim %arg12, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %69 = stablehlo.transpose %4, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,8]{0,1}"} : (tensor<8x32xf32>) -> tensor<32x8xf32>
    %70 = stablehlo.dot_general %69, %19, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x8xf32>, tensor<8x4xf32>) -> tensor<32x4xf32>
    %71 = stablehlo.transpose %70, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,32]{0,1}"} : (tensor<32x4xf32>) -> tensor<4x32xf32>
    %72 = stablehlo.subtract %71, %arg18 {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,32]{0,1}"} : tensor<4x32xf32>
    %73 = stablehlo.multiply %68, %72 : tensor<4x32xf32>
    %74 = stablehlo.add %arg18, %73 : tensor<4x32xf32>
    %75 = stablehlo.broadcast_in_dim %arg10, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %76 = stablehlo.multiply %arg17, %75 : tensor<4x32xf32>
    %77 = stablehlo.multiply %71, %71 {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,32]{0,1}"} : tensor<4x32xf32>
    %78 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %79 = stablehlo.multiply %77, %78 : tensor<4x32xf32>
    %80 = stablehlo.add %76, %79 : tensor<4x32xf32>
    %81 = stablehlo.sqrt %80 : tensor<4x32xf32>
    %82 = stablehlo.broadcast_in_dim %arg8, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %83 = stablehlo.divide %81, %82 : tensor<4x32xf32>
    %84 = stablehlo.broadcast_in_dim %arg7, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %85 = stablehlo.add %83, %84 : tensor<4x32xf32>
    %86 = stablehlo.divide %74, %85 : tensor<4x32xf32>
    %87 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %88 = stablehlo.multiply %86, %87 : tensor<4x32xf32>
    %89 = stablehlo.add %67, %88 : tensor<4x32xf32>
    %90 = stablehlo.broadcast_in_dim %arg14, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %91 = stablehlo.multiply %arg1, %90 : tensor<4xf32>
    %92 = stablehlo.broadcast_in_dim %arg12, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %93 = stablehlo.reduce(%19 init: %cst_3) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %94 = stablehlo.subtract %93, %arg20 : tensor<4xf32>
    %95 = stablehlo.multiply %92, %94 : tensor<4xf32>
    %96 = stablehlo.add %arg20, %95 : tensor<4xf32>
    %97 = stablehlo.broadcast_in_dim %arg10, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %98 = stablehlo.multiply %arg19, %97 : tensor<4xf32>
    %99 = stablehlo.multiply %93, %93 : tensor<4xf32>
    %100 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %101 = stablehlo.multiply %99, %100 : tensor<4xf32>
    %102 = stablehlo.add %98, %101 : tensor<4xf32>
    %103 = stablehlo.sqrt %102 : tensor<4xf32>
    %104 = stablehlo.broadcast_in_dim %arg8, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %105 = stablehlo.divide %103, %104 : tensor<4xf32>
    %106 = stablehlo.broadcast_in_dim %arg7, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %107 = stablehlo.add %105, %106 : tensor<4xf32>
    %108 = stablehlo.divide %96, %107 : tensor<4xf32>
    %109 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %110 = stablehlo.multiply %108, %109 : tensor<4xf32>
    %111 = stablehlo.add %91, %110 : tensor<4xf32>
    return %12, %43, %65, %89, %111, %26, %33, %50, %56, %74, %80, %96, %102 : tensor<f32>, tensor<32x16xf32>, tensor<32xf32>, tensor<4x32xf32>, tensor<4xf32>, tensor<32x16xf32>, tensor<32x16xf32>, tensor<32xf32>, tensor<32xf32>, tensor<4x32xf32>, tensor<4x32xf32>, tensor<4xf32>, tensor<4xf32>
  }
}
